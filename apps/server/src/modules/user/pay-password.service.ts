import {
  type IsPayPasswordData,
  PAY_PASSWORD_LOCK_HOURS,
  PAY_PASSWORD_MAX_TRIES,
  type ResetPayPasswordBody,
  type SetPayPasswordBody,
} from '@chaopin/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
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
   * Verifies a pay password (used by checkPayPassword and by payments). Only wrong passwords
   * count: the hash is checked first (argon2 is slow and holds no lock), then a wrong one is
   * counted by one guarded UPDATE that never passes five, so even concurrent wrong guesses
   * lock it at exactly the fifth, and concurrent right ones never use up a try. A right
   * password while locked is refused as locked; otherwise it clears the count.
   */
  async verify(userId: number, password: string): Promise<void> {
    const user = await this.user(userId);
    if (!user.pay_password_hash) throw new AppError('PAY_PASSWORD_NOT_SET');
    // No hash work for a locked account.
    if (isLocked(user)) throw new AppError('PAY_PASSWORD_LOCKED');
    if (await verify(user.pay_password_hash, password)) {
      if (await this.repo.clearPayPasswordFails(userId)) return;
      throw new AppError('PAY_PASSWORD_LOCKED');
    }
    const fails = await this.repo.countWrongPayPassword(
      userId,
      PAY_PASSWORD_MAX_TRIES,
      PAY_PASSWORD_LOCK_HOURS,
    );
    if (fails === undefined || fails >= PAY_PASSWORD_MAX_TRIES) {
      throw new AppError('PAY_PASSWORD_LOCKED');
    }
    throw new AppError('PAY_PASSWORD_WRONG', { remaining: PAY_PASSWORD_MAX_TRIES - fails });
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
        narrowDb(trx),
      );
    });
    await this.evictProfile(userId);
  }
}
