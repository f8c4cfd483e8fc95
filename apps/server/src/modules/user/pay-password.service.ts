import {
  type IsPayPasswordData,
  PAY_PASSWORD_LOCK_HOURS,
  PAY_PASSWORD_MAX_TRIES,
  type ResetPayPasswordBody,
  type SetPayPasswordBody,
} from '@chaopin/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { SmsService } from './sms.service.ts';
import type { UserRepo, UserRow } from './user.repo.ts';

const isLocked = (u: Pick<UserRow, 'pay_password_locked_until'>) =>
  u.pay_password_locked_until !== null && u.pay_password_locked_until.getTime() > Date.now();

/**
 * The six-digit pay password (argon2). Five wrong tries in a row lock it for 24 hours;
 * a correct try resets the count; a reset by SMS lifts the lock.
 */
export class PayPasswordService {
  constructor(
    private readonly deps: Deps,
    private readonly repo: UserRepo,
    private readonly sms: SmsService,
    /** hasPayPassword is part of the cached profile. */
    private readonly evictProfile: (userId: number) => Promise<void>,
  ) {}

  private async user(userId: number) {
    const user = await this.repo.findById(userId);
    if (!user) throw new AppError('LOGIN_REQUIRED');
    return user;
  }

  async status(userId: number): Promise<IsPayPasswordData> {
    const user = await this.user(userId);
    const locked = isLocked(user);
    const data: IsPayPasswordData = { isSet: user.pay_password_hash !== null, locked };
    if (locked && user.pay_password_locked_until) {
      data.lockedUntil = user.pay_password_locked_until.toISOString();
    }
    return data;
  }

  /**
   * Verifies a pay password (used by checkPayPassword and by payments). A try is reserved
   * atomically before the hash check, so even concurrent guesses stop at the fifth.
   */
  async verify(userId: number, password: string): Promise<void> {
    const user = await this.user(userId);
    if (!user.pay_password_hash) throw new AppError('PAY_PASSWORD_NOT_SET');
    const used = await this.repo.reservePayPasswordTry(userId, PAY_PASSWORD_MAX_TRIES);
    if (used === undefined) throw new AppError('PAY_PASSWORD_LOCKED');
    if (await verify(user.pay_password_hash, password)) {
      await this.repo.update(userId, { pay_password_fails: 0, pay_password_locked_until: null });
      return;
    }
    if (used >= PAY_PASSWORD_MAX_TRIES) {
      await this.repo.lockPayPassword(userId, PAY_PASSWORD_LOCK_HOURS);
      throw new AppError('PAY_PASSWORD_LOCKED');
    }
    throw new AppError('PAY_PASSWORD_WRONG', { remaining: PAY_PASSWORD_MAX_TRIES - used });
  }

  /** First set, or change with the old pay password. */
  async set(userId: number, body: SetPayPasswordBody): Promise<void> {
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      throw new AppError('PAY_PASSWORD_MISMATCH');
    }
    const user = await this.user(userId);
    if (user.pay_password_hash) {
      if (body.oldPassword === undefined) throw new AppError('PAY_PASSWORD_ALREADY_SET');
      await this.verify(userId, body.oldPassword);
      if (body.oldPassword === body.password) throw new AppError('PAY_PASSWORD_SAME');
    }
    await this.repo.update(userId, {
      pay_password_hash: await hash(body.password),
      pay_password_fails: 0,
      pay_password_locked_until: null,
    });
    await this.evictProfile(userId);
  }

  /** Forgot pay password: a code sent to the account's phone sets a new one and lifts any lock. */
  async reset(userId: number, body: ResetPayPasswordBody): Promise<void> {
    const user = await this.user(userId);
    const consume = await this.sms.check(user.phone, 'resetPayPwd', body.code);
    const passwordHash = await hash(body.password);
    await this.deps.db.transaction().execute(async (trx) => {
      await consume(trx);
      await this.repo.update(
        userId,
        { pay_password_hash: passwordHash, pay_password_fails: 0, pay_password_locked_until: null },
        trx,
      );
    });
    await this.evictProfile(userId);
  }
}
