import type {
  ConsoleUserDetail,
  ConsoleUserRow,
  PageOf,
  UserBanBody,
  UserListQuery,
  UserMarkTestBody,
  UserReveal,
  UserRevealQuery,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { maskPhone } from '../identity.ts';
import type { PiiBox } from '../pii-box.ts';
import type { ConsoleUserRecord, ListedUser, UserConsoleRepo } from './user-console.repo.ts';

/** A console write as the audit log takes it (the access module's AuditTrail.record). */
export interface UserAudit {
  record(
    trx: Db,
    actor: ConsoleActor,
    entry: {
      resource: string;
      resourceId: string | number;
      action: string;
      storeId: number | null;
      before?: unknown;
      after?: unknown;
    },
  ): Promise<void>;
}

/** What the user page reads of other modules, handed in by app.ts. */
export interface UserConsolePorts {
  audit: UserAudit;
  orders: {
    stats(userId: number): Promise<{ total: number; paid: number; paidAmount: number }>;
    recent(userId: number, limit: number): Promise<ConsoleUserDetail['orders']['recent']>;
  };
  /** From the ledger. */
  balances(userId: number): Promise<ConsoleUserDetail['balances']>;
  /** Ends every session of a user on every node (SessionService.closeAllOf). */
  endSessions(userId: number): Promise<void>;
  /** Drops the user's cached profile on every node. */
  evictProfile(userId: number): Promise<void>;
}

const RECENT_ORDERS = 10;
const SESSIONS_SHOWN = 20;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a China day (YYYY-MM-DD) starts, `plusDays` later; a day that is not one is refused. */
function chinaDayStart(day: string, plusDays = 0): Date {
  const m = DAY.exec(day);
  if (!m) throw new AppError('DATE_RANGE_INVALID');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new AppError('DATE_RANGE_INVALID');
  }
  return new Date(utc + plusDays * 86_400_000 - 8 * 3_600_000);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const payLocked = (u: ConsoleUserRecord) =>
  u.pay_password_locked_until !== null && u.pay_password_locked_until.getTime() > Date.now();

/**
 * The console's 用户 pages (platform operator only: user.read / user.write / user.pii). Every
 * change is one transaction with its audit row; a ban also ends the user's sessions everywhere.
 * Phones and ID numbers are always shown masked: the full value only through `reveal`, which
 * needs user.pii and writes its own audit row (so every sight of a full number is on record).
 */
export class UserConsoleService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserConsoleRepo,
    private readonly box: PiiBox,
    private readonly ports: UserConsolePorts,
  ) {}

  /** Store roles never reach here (their permissions cannot hold user.*): checked again. */
  private platformOnly(actor: ConsoleActor): void {
    if (actor.storeIds !== null) throw new AppError('FORBIDDEN');
  }

  private row(u: ListedUser): ConsoleUserRow {
    return {
      id: u.id,
      nickname: u.nickname,
      avatar: u.avatar,
      phone: maskPhone(u.phone),
      status: u.status === 1 ? 'normal' : 'banned',
      isTest: u.is_test,
      realNameVerified: u.real_name_at !== null,
      createdAt: u.created_at.toISOString(),
    };
  }

  async page(actor: ConsoleActor, q: UserListQuery): Promise<PageOf<ConsoleUserRow>> {
    this.platformOnly(actor);
    const from = q.registeredFrom ? chinaDayStart(q.registeredFrom) : undefined;
    const to = q.registeredTo ? chinaDayStart(q.registeredTo, 1) : undefined;
    if (from && to && from >= to) throw new AppError('DATE_RANGE_INVALID');
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await this.repo.page({
      q: q.q,
      banned: q.status === undefined ? undefined : q.status === 'banned',
      test: q.test,
      from,
      to,
      sort: q.sort === 'createdAt' ? 'created_at' : 'id',
      desc: q.order !== 'asc',
      offset: (pageNum - 1) * pageSize,
      limit: pageSize,
    });
    return {
      list: rows.map((r) => this.row(r)),
      total,
      pageNum,
      pageSize,
    };
  }

  private async mustFind(id: number): Promise<ConsoleUserRecord> {
    const u = await this.repo.find(id);
    if (!u) throw new AppError('CONSOLE_USER_NOT_FOUND');
    return u;
  }

  async detail(actor: ConsoleActor, id: number): Promise<ConsoleUserDetail> {
    this.platformOnly(actor);
    const u = await this.mustFind(id);
    const [stats, recent, balances, sessions] = await Promise.all([
      this.ports.orders.stats(id),
      this.ports.orders.recent(id, RECENT_ORDERS),
      this.ports.balances(id),
      this.repo.sessions(id, SESSIONS_SHOWN),
    ]);
    return {
      profile: {
        ...this.row(u),
        role: u.role,
        banReason: u.ban_reason,
        bannedAt: iso(u.banned_at),
        hasPassword: u.password_hash !== null,
        hasPayPassword: u.pay_password_hash !== null,
        payPasswordLockedUntil: payLocked(u) ? iso(u.pay_password_locked_until) : null,
        payPasswordFails: u.pay_password_fails,
      },
      realName: {
        verified: u.real_name_at !== null,
        realName: u.real_name_masked ?? '',
        idCard: u.id_card_masked ?? '',
        verifiedAt: iso(u.real_name_at),
        idCardKept: u.id_card_enc !== null,
      },
      orders: { ...stats, recent },
      balances,
      sessions: sessions.map((s) => ({
        userAgent: s.user_agent ?? '',
        createdAt: s.created_at.toISOString(),
        lastSeenAt: s.last_seen_at.toISOString(),
        expiresAt: s.expires_at.toISOString(),
      })),
    };
  }

  /**
   * One change to one account: the row locked, `change` decides and writes, the audit row in the
   * same transaction.
   */
  private change(
    actor: ConsoleActor,
    id: number,
    action: string,
    change: (trx: Db, u: ConsoleUserRecord) => Promise<{ before: object; after: object }>,
  ): Promise<void> {
    this.platformOnly(actor);
    return this.db.transaction().execute(async (trx) => {
      const u = await this.repo.lock(narrowDb(trx), id);
      if (!u) throw new AppError('CONSOLE_USER_NOT_FOUND');
      const { before, after } = await change(trx, u);
      await this.ports.audit.record(trx, actor, {
        resource: 'user',
        resourceId: id,
        action,
        storeId: null,
        before,
        after,
      });
    });
  }

  /** Bans the account (it can no longer sign in) and ends its sessions on every node. */
  async ban(actor: ConsoleActor, body: UserBanBody): Promise<void> {
    const reason = body.reason.trim();
    if (!reason) throw new AppError('USER_BAN_REASON_INVALID');
    if (body.id === actor.userId) throw new AppError('USER_BAN_SELF');
    await this.change(actor, body.id, 'ban', async (trx, u) => {
      if (u.status !== 1) throw new AppError('USER_ALREADY_BANNED');
      await this.repo.update(narrowDb(trx), u.id, {
        status: 0,
        banned_at: new Date(),
        ban_reason: reason,
      });
      return {
        before: { status: 'normal', banReason: null },
        after: { status: 'banned', banReason: reason },
      };
    });
    await this.ports.endSessions(body.id);
    await this.ports.evictProfile(body.id);
  }

  async unban(actor: ConsoleActor, id: number): Promise<void> {
    await this.change(actor, id, 'unban', async (trx, u) => {
      if (u.status === 1) throw new AppError('USER_NOT_BANNED');
      await this.repo.update(narrowDb(trx), u.id, { status: 1, banned_at: null, ban_reason: null });
      return {
        before: { status: 'banned', banReason: u.ban_reason },
        after: { status: 'normal', banReason: null },
      };
    });
    await this.ports.evictProfile(id);
  }

  /** Lifts a pay-password lock (and forgets the wrong tries counted so far). */
  async unlockPayPassword(actor: ConsoleActor, id: number): Promise<void> {
    await this.change(actor, id, 'unlockPayPassword', async (trx, u) => {
      if (!payLocked(u) && u.pay_password_fails === 0) {
        throw new AppError('PAY_PASSWORD_NOT_LOCKED');
      }
      await this.repo.update(narrowDb(trx), u.id, {
        pay_password_fails: 0,
        pay_password_locked_until: null,
      });
      return {
        before: {
          payPasswordFails: u.pay_password_fails,
          lockedUntil: iso(u.pay_password_locked_until),
        },
        after: { payPasswordFails: 0, lockedUntil: null },
      };
    });
    await this.ports.evictProfile(id);
  }

  /** Clears the real-name verification, so the user verifies again (e.g. a wrong person's ID). */
  async resetRealName(actor: ConsoleActor, id: number): Promise<void> {
    await this.change(actor, id, 'resetRealName', async (trx, u) => {
      if (!u.real_name_at) throw new AppError('REAL_NAME_NOT_DONE');
      await this.repo.update(narrowDb(trx), u.id, {
        real_name_masked: null,
        real_name_hash: null,
        id_card_masked: null,
        id_card_hash: null,
        id_card_enc: null,
        real_name_at: null,
      });
      return {
        before: {
          realName: u.real_name_masked,
          idCard: u.id_card_masked,
          verifiedAt: iso(u.real_name_at),
        },
        after: { realName: null, idCard: null, verifiedAt: null },
      };
    });
    await this.ports.evictProfile(id);
  }

  async markTest(actor: ConsoleActor, body: UserMarkTestBody): Promise<void> {
    await this.change(actor, body.id, 'markTest', async (trx, u) => {
      await this.repo.update(narrowDb(trx), u.id, { is_test: body.test });
      return { before: { isTest: u.is_test }, after: { isTest: body.test } };
    });
  }

  /** The full phone or ID number; the view itself is audited (the value is not logged). */
  async reveal(actor: ConsoleActor, q: UserRevealQuery): Promise<UserReveal> {
    this.platformOnly(actor);
    return this.db.transaction().execute(async (trx) => {
      const u = await this.repo.find(q.id, narrowDb(trx));
      if (!u) throw new AppError('CONSOLE_USER_NOT_FOUND');
      let value: string;
      if (q.field === 'phone') value = u.phone;
      else if (!u.real_name_at) throw new AppError('REAL_NAME_NOT_DONE');
      else if (!u.id_card_enc) throw new AppError('ID_CARD_NOT_KEPT');
      else value = this.box.open(u.id_card_enc);
      await this.ports.audit.record(trx, actor, {
        resource: 'user',
        resourceId: u.id,
        action: 'reveal',
        storeId: null,
        after: { field: q.field },
      });
      return { field: q.field, value };
    });
  }
}
