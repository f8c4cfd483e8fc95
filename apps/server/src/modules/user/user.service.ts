import type {
  ChangeMobileBody,
  ModifyPasswordBody,
  ProfileBody,
  RealNameBody,
  RealNameData,
  ResetPwdBody,
  UserInfo,
} from '@chaopin/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Deps } from '../../deps.ts';
import type { BusCache } from '../../platform/bus-cache.ts';
import { hmacHex, newToken, sha256Hex } from '../../platform/crypto.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  ageOf,
  isValidIdCard,
  isValidRealName,
  maskIdCard,
  maskName,
  maskPhone,
} from './identity.ts';
import { PiiBox } from './pii-box.ts';
import { defaultAvatarFor, generateNickname } from './profile-defaults.ts';
import type { SessionService } from './session.service.ts';
import type { SmsService } from './sms.service.ts';
import type { UserRepo, UserRow } from './user.repo.ts';

const LOGIN_MAX_FAILS = 5;
const LOGIN_LOCK_MINUTES = 15;
const TICKET_TTL_MS = 10 * 60_000;
/** A hash to verify against when the phone is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash('not-a-real-password-0');
  return dummyHash;
};

export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    nickname: u.nickname,
    avatar: u.avatar,
    phone: maskPhone(u.phone),
    hasPassword: u.password_hash !== null,
    hasPayPassword: u.pay_password_hash !== null,
    realNameVerified: u.real_name_at !== null,
    createdAt: u.created_at.toISOString(),
  };
}

/** Avatars must be files this server serves: an upload or a bundled default. */
function isOwnImageUrl(url: string): boolean {
  return /^\/(uploads|assets)\/[A-Za-z0-9/_.-]+$/.test(url) && !url.includes('..');
}

/** A new account's invite code, handed to the module that binds invitations (promotion). */
export type RegisteredHook = (userId: number, inviteCode: string) => Promise<void>;

/** Accounts: login by SMS or password, profile, passwords, phone change, real name. */
export class UserService {
  constructor(
    private readonly deps: Deps,
    readonly repo: UserRepo,
    private readonly sms: SmsService,
    private readonly sessions: SessionService,
    /** The signed-in user's profile, cached per node; every change below evicts it. */
    readonly infoCache: BusCache<UserInfo>,
    /** A new account came with an invite code: the promotion module binds it to the inviter. */
    private readonly registered: RegisteredHook,
  ) {}

  private async mustFind(id: number): Promise<UserRow> {
    const user = await this.repo.findById(id);
    if (!user) throw new AppError('LOGIN_REQUIRED');
    return user;
  }

  /** Who has this phone (id, nickname, avatar), for finding a friend; undefined when nobody. */
  async byPhone(
    phone: string,
  ): Promise<{ id: number; nickname: string; avatar: string } | undefined> {
    const u = await this.repo.findByPhone(phone);
    return u && { id: u.id, nickname: u.nickname, avatar: u.avatar };
  }

  /** An account's nickname and full phone, for the console (which masks it itself). */
  async contact(userId: number): Promise<{ nickname: string; phone: string } | undefined> {
    const u = await this.repo.findById(userId);
    return u && { nickname: u.nickname, phone: u.phone };
  }

  /** The profile queryUser answers; served from the cache, so app-show checks cost no query. */
  /** An active account's public face (nickname, avatar); undefined when none or disabled. */
  async account(userId: number): Promise<{ nickname: string; avatar: string } | undefined> {
    const u = await this.repo.findById(userId);
    return u && u.status === 1 ? { nickname: u.nickname, avatar: u.avatar } : undefined;
  }

  async info(userId: number): Promise<UserInfo> {
    const info = await this.infoCache.get(String(userId), async () => {
      const user = await this.repo.findById(userId);
      return user ? toUserInfo(user) : null;
    });
    if (!info) throw new AppError('LOGIN_REQUIRED');
    return info;
  }

  private evict(userId: number) {
    return this.infoCache.invalidate(String(userId));
  }

  async mobileLogin(phone: string, code: string, userAgent?: string, inviteCode?: string) {
    const consume = await this.sms.check(phone, 'login', code);
    const { user, isNew } = await this.deps.db.transaction().execute(async (trx) => {
      await consume(trx);
      return this.repo.createOrGet(narrowDb(trx), {
        phone,
        nickname: generateNickname(),
        avatar: defaultAvatarFor(phone),
      });
    });
    if (user.status !== 1) throw new AppError('USER_DISABLED');
    if (isNew && inviteCode) {
      // A wrong or stale code must not cost the user their login: the account stands unbound.
      await this.registered(user.id, inviteCode).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
      });
    }
    return { token: await this.sessions.open(user.id, userAgent), isNew };
  }

  async passwordLogin(phone: string, password: string, userAgent?: string) {
    const user = await this.repo.findByPhone(phone);
    if (!user) {
      await verify(await getDummyHash(), password);
      throw new AppError('PASSWORD_WRONG');
    }
    if (user.login_locked_until && user.login_locked_until.getTime() > Date.now()) {
      throw new AppError('LOGIN_LOCKED');
    }
    if (!user.password_hash) throw new AppError('PASSWORD_NOT_SET');
    if (!(await verify(user.password_hash, password))) {
      const after = await this.repo.recordLoginFailure(
        user.id,
        LOGIN_MAX_FAILS,
        LOGIN_LOCK_MINUTES,
      );
      throw new AppError(after.login_locked_until ? 'LOGIN_LOCKED' : 'PASSWORD_WRONG');
    }
    if (user.status !== 1) throw new AppError('USER_DISABLED');
    if (user.login_fails > 0) await this.repo.update(user.id, { login_fails: 0 });
    return { token: await this.sessions.open(user.id, userAgent), isNew: false };
  }

  async updateProfile(userId: number, body: ProfileBody): Promise<UserInfo> {
    const nickname = body.nickname?.trim();
    if (body.nickname !== undefined && !nickname) throw new AppError('NICKNAME_INVALID');
    if (body.avatar !== undefined && !isOwnImageUrl(body.avatar)) {
      throw new AppError('AVATAR_INVALID');
    }
    if (nickname === undefined && body.avatar === undefined) throw new AppError('PROFILE_EMPTY');
    const values: { nickname?: string; avatar?: string } = {};
    if (nickname !== undefined) values.nickname = nickname;
    if (body.avatar !== undefined) values.avatar = body.avatar;
    const updated = toUserInfo(await this.repo.update(userId, values));
    await this.evict(userId);
    return updated;
  }

  /** Forgot password: proves the phone by SMS, sets the password and signs out everywhere. */
  async resetPassword(body: ResetPwdBody): Promise<void> {
    const user = await this.repo.findByPhone(body.phone);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const consume = await this.sms.check(body.phone, 'resetPwd', body.code);
    const passwordHash = await hash(body.password);
    await this.deps.db.transaction().execute(async (trx) => {
      await consume(trx);
      await this.repo.update(
        user.id,
        { password_hash: passwordHash, login_fails: 0, login_locked_until: null },
        narrowDb(trx),
      );
    });
    await this.evict(user.id);
    await this.sessions.closeAllOf(user.id);
  }

  /** Changes (or first sets) the login password; other sessions are signed out. */
  async modifyPassword(userId: number, tokenHash: string, body: ModifyPasswordBody) {
    const user = await this.mustFind(userId);
    if (user.password_hash) {
      if (!body.oldPassword || !(await verify(user.password_hash, body.oldPassword))) {
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      if (body.oldPassword === body.password) throw new AppError('PASSWORD_SAME');
    }
    await this.repo.update(userId, { password_hash: await hash(body.password) });
    await this.evict(userId);
    await this.sessions.closeAllOf(userId, tokenHash);
  }

  /** Step 1 of a phone change: the code sent to the current phone buys a 10-minute ticket. */
  async verifyMobile(userId: number, code: string): Promise<{ ticket: string }> {
    const user = await this.mustFind(userId);
    const consume = await this.sms.check(user.phone, 'verifyMobile', code);
    const ticket = newToken();
    await this.deps.db.transaction().execute(async (trx) => {
      await consume(trx);
      await this.repo.createTicket(narrowDb(trx), {
        ticket_hash: sha256Hex(ticket),
        user_id: userId,
        purpose: 'changeMobile',
        expires_at: new Date(Date.now() + TICKET_TTL_MS),
      });
    });
    return { ticket };
  }

  async assertPhoneFree(phone: string, userId?: number): Promise<void> {
    const owner = await this.repo.findByPhone(phone);
    if (owner && owner.id === userId) throw new AppError('PHONE_SAME');
    if (owner) throw new AppError('PHONE_TAKEN');
  }

  /** Step 2: binds the new phone, proven by its own code and the ticket from step 1. */
  async changeMobile(userId: number, body: ChangeMobileBody): Promise<UserInfo> {
    await this.assertPhoneFree(body.phone, userId);
    const consume = await this.sms.check(body.phone, 'changeMobile', body.code);
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const ticket = await this.repo.consumeTicket(
        narrowDb(trx),
        sha256Hex(body.ticket),
        userId,
        'changeMobile',
      );
      if (!ticket) throw new AppError('MOBILE_TICKET_INVALID');
      await consume(trx);
      return this.repo
        .update(userId, { phone: body.phone }, narrowDb(trx))
        .catch((err: unknown) => {
          // The unique index is the last word when two accounts race for one phone.
          if ((err as { code?: string }).code === '23505') throw new AppError('PHONE_TAKEN');
          throw err;
        });
    });
    await this.evict(userId);
    return toUserInfo(updated);
  }

  private realNameHash(name: string): string {
    return hmacHex(this.deps.secret, `real-name:${name.trim()}`);
  }

  /**
   * Whether a name given elsewhere (a payout account) is the user's verified real name: by its
   * keyed hash, or for an older verification by the masked form that is all it kept.
   */
  async realNameMatches(
    userId: number,
    name: string,
  ): Promise<'unverified' | 'match' | 'mismatch'> {
    const user = await this.mustFind(userId);
    if (!user.real_name_at) return 'unverified';
    const same = user.real_name_hash
      ? user.real_name_hash === this.realNameHash(name)
      : user.real_name_masked === maskName(name.trim());
    return same ? 'match' : 'mismatch';
  }

  async realNameStatus(userId: number): Promise<RealNameData> {
    const user = await this.mustFind(userId);
    if (!user.real_name_at) return { verified: false };
    return {
      verified: true,
      realName: user.real_name_masked ?? '',
      idCard: user.id_card_masked ?? '',
      verifiedAt: user.real_name_at.toISOString(),
    };
  }

  /** Checks name and GB 11643 ID number, and keeps only masked forms plus a keyed hash for uniqueness. */
  async verifyRealName(userId: number, body: RealNameBody): Promise<RealNameData> {
    const name = body.realName.trim();
    if (!isValidRealName(name)) throw new AppError('REAL_NAME_INVALID');
    const idCard = body.idCard.toUpperCase();
    if (!isValidIdCard(idCard)) throw new AppError('ID_CARD_INVALID');
    if (ageOf(idCard) < 18) throw new AppError('ID_CARD_UNDERAGE');
    const user = await this.mustFind(userId);
    if (user.real_name_at) throw new AppError('REAL_NAME_DONE');
    const idHash = hmacHex(this.deps.secret, `id-card:${idCard}`);
    if (await this.repo.isIdCardTaken(idHash, userId)) throw new AppError('ID_CARD_TAKEN');
    await this.repo
      .update(userId, {
        real_name_masked: maskName(name),
        real_name_hash: this.realNameHash(name),
        id_card_masked: maskIdCard(idCard),
        id_card_hash: idHash,
        // Kept sealed for an operator holding user.pii (the console's 查看完整证件号, audited).
        id_card_enc: new PiiBox(this.deps.secret).seal(idCard),
        real_name_at: new Date(),
      })
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505') throw new AppError('ID_CARD_TAKEN');
        throw err;
      });
    await this.evict(userId);
    return this.realNameStatus(userId);
  }
}
