import {
  type ConsoleMe,
  holds,
  type PageOf,
  PERMISSIONS,
  ROLE_DEFAULTS,
  type RoleCatalogue,
  STAFF_ROLES,
  type StaffListQuery,
  type StaffRole,
  type StaffRow,
  type StaffSaveBody,
} from '@chaopin/contracts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  assertStore,
  type ConsoleActor,
  inScope,
  type StaffGrant,
  storeFilter,
} from '../../platform/console-gate.ts';
import { AppError } from '../../platform/errors.ts';
import { maskPhone } from '../user/index.ts';
import type { AccessDb } from './access.tables.ts';
import type { AuditTrail } from './audit/audit-trail.ts';
import type { StaffMemberRow, StaffRepo } from './staff.repo.ts';
import { checkStaffChange, effectivePermissions, storedPermissions } from './staff-rules.ts';

/** What the access module needs of accounts. */
export interface AccountPort {
  byPhone(phone: string): Promise<{ id: number; nickname: string } | undefined>;
  profile(userId: number): Promise<{ nickname: string; phone: string } | undefined>;
}

const OPERATOR: StaffGrant = { role: 'operator', storeIds: null, permissions: new Set(['*']) };

const view = (r: StaffMemberRow) => ({
  role: r.role,
  storeId: r.store_id,
  permissions: effectivePermissions(r.role, r.permissions),
});

/**
 * Who may use the console and with what reach. The platform operator is the account marked
 * `admin`; a store's 商家, 店员 and 客服 are staff_member rows. A 客服 may serve several stores;
 * anyone else works for one.
 */
export class StaffService {
  constructor(
    private readonly db: AccessDb,
    private readonly repo: StaffRepo,
    private readonly accounts: AccountPort,
    private readonly audit: AuditTrail,
    /** Tells every node that a user's console access changed (after the change commits). */
    private readonly changed: (userId: number) => Promise<void>,
  ) {}

  /**
   * The console gate's resolver: null for a shopper. Read from the database on every console
   * call (never from the session cache's role), so a removal or a narrowing made on any node
   * holds from the next request.
   */
  resolve = (user: AuthUser): Promise<StaffGrant | null> => this.grantOf(user.id);

  async grantOf(userId: number): Promise<StaffGrant | null> {
    const [operator, rows] = await Promise.all([
      this.repo.isOperator(userId),
      this.repo.rowsOf(userId),
    ]);
    if (operator) return OPERATOR;
    if (!rows.length) return null;
    const permissions = new Set(rows.flatMap((r) => effectivePermissions(r.role, r.permissions)));
    // One store per account except 客服, who may serve several (all their rows are agent rows).
    return {
      role: (rows[0] as StaffMemberRow).role,
      storeIds: rows.map((r) => r.store_id),
      permissions,
    };
  }

  /** Whether the user may answer `storeId`'s buyers now (the 客服 desk's credential check). */
  async mayAnswer(userId: number, storeId: number): Promise<boolean> {
    const grant = await this.grantOf(userId);
    return grant !== null && inScope(grant, storeId) && holds(grant.permissions, 'chat.write');
  }

  async me(actor: ConsoleActor): Promise<ConsoleMe> {
    const profile = await this.accounts.profile(actor.userId);
    const storeIds = actor.storeIds === null ? null : [...actor.storeIds];
    const names = await this.repo.storeNames(storeIds ?? []);
    const storeId = storeIds?.[0] ?? null;
    return {
      userId: actor.userId,
      nickname: profile?.nickname ?? '',
      phone: maskPhone(profile?.phone ?? ''),
      role: actor.role,
      roleName: STAFF_ROLES[actor.role],
      storeId,
      storeName: storeId === null ? null : (names.get(storeId) ?? null),
      storeIds,
      permissions: [...actor.permissions].sort(),
    };
  }

  /**
   * The people of a store who hold `permission` (e.g. chat.write: who a 客服 conversation may be
   * transferred to), oldest first.
   */
  async holdersOf(
    storeId: number,
    permission: string,
  ): Promise<Array<{ userId: number; nickname: string; role: StaffRole }>> {
    const rows = await this.repo.membersOf(storeId);
    return rows
      .filter((r) => holds(effectivePermissions(r.role, r.permissions), permission))
      .map((r) => ({ userId: r.user_id, nickname: r.nickname, role: r.role }));
  }

  catalogue(): RoleCatalogue {
    return {
      roles: (Object.keys(STAFF_ROLES) as Array<keyof typeof STAFF_ROLES>).map((role) => ({
        role,
        name: STAFF_ROLES[role],
        permissions: [...ROLE_DEFAULTS[role]],
        storeScoped: role !== 'operator',
      })),
      permissions: Object.entries(PERMISSIONS).map(([code, name]) => ({ code, name })),
    };
  }

  async page(actor: ConsoleActor, q: StaffListQuery): Promise<PageOf<StaffRow>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await this.repo.page(
      q,
      storeFilter(actor, q.storeId),
      (pageNum - 1) * pageSize,
      pageSize,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        nickname: r.nickname,
        phone: maskPhone(r.phone),
        ...view(r),
        roleName: STAFF_ROLES[r.role],
        storeName: r.store_name,
        createdAt: r.created_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  /** Makes a registered phone a store's 商家 / 店员 / 客服, or changes one (`id`). */
  async save(actor: ConsoleActor, body: StaffSaveBody): Promise<{ id: number }> {
    const role = body.role;
    if (role === 'operator') throw new AppError('STAFF_ROLE_INVALID');
    const change = { role, storeId: body.storeId ?? null, permissions: body.permissions };
    checkStaffChange(actor, change);
    const storeId = change.storeId as number;
    const account = await this.accountOf(body);
    if (account.id === actor.userId) throw new AppError('STAFF_SELF');
    const saved = await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.storeExists(trx, storeId))) throw new AppError('STORE_NOT_FOUND');
      // An operator already holds everything: a store row would only hide behind that.
      if (await this.repo.isOperator(account.id, trx)) throw new AppError('STAFF_IS_OPERATOR');
      const others = (await this.repo.rowsOf(account.id, trx)).filter((r) => r.id !== body.id);
      // Only a 客服 serves several stores, and then only as 客服 everywhere.
      if (
        others.some((r) => r.store_id !== storeId && (r.role !== 'agent' || body.role !== 'agent'))
      ) {
        throw new AppError('STAFF_EXISTS_IN_OTHER_STORE');
      }
      const permissions = storedPermissions(change);
      if (body.id) {
        const before = await this.repo.byId(trx, body.id);
        if (!before || before.user_id !== account.id) throw new AppError('STAFF_NOT_FOUND');
        assertStore(actor, before.store_id, 'STAFF_NOT_FOUND');
        if (before.role === 'owner' && actor.storeIds !== null) throw new AppError('FORBIDDEN');
        await this.repo.update(trx, body.id, role, storeId, permissions);
        await this.audit.record(trx, actor, {
          resource: 'staff',
          resourceId: body.id,
          action: 'update',
          storeId,
          before: view(before),
          after: {
            role: body.role,
            storeId,
            permissions: effectivePermissions(body.role, permissions),
          },
        });
        return { id: body.id };
      }
      if (others.some((r) => r.store_id === storeId)) throw new AppError('STAFF_EXISTS');
      const id = await this.repo
        .insert(trx, {
          user_id: account.id,
          role,
          store_id: storeId,
          permissions,
          created_by: actor.userId,
        })
        .catch((err: unknown) => {
          // Two saves of the same phone at once: the unique (user, store) index keeps one.
          if ((err as { code?: string }).code === '23505') throw new AppError('STAFF_EXISTS');
          throw err;
        });
      await this.audit.record(trx, actor, {
        resource: 'staff',
        resourceId: id,
        action: 'create',
        storeId,
        after: {
          userId: account.id,
          role: body.role,
          storeId,
          permissions: effectivePermissions(body.role, permissions),
        },
      });
      return { id };
    });
    await this.changed(account.id);
    return saved;
  }

  /** The account a save is about: the phone's, or (a change by id) the member's own. */
  private async accountOf(body: StaffSaveBody): Promise<{ id: number }> {
    if (body.phone) {
      const account = await this.accounts.byPhone(body.phone);
      if (!account) throw new AppError('USER_NOT_FOUND');
      return account;
    }
    if (!body.id) throw new AppError('PHONE_INVALID');
    const row = await this.repo.byId(this.db, body.id);
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    return { id: row.user_id };
  }

  async remove(actor: ConsoleActor, id: number): Promise<void> {
    const userId = await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.byId(trx, id);
      if (!before) throw new AppError('STAFF_NOT_FOUND');
      assertStore(actor, before.store_id, 'STAFF_NOT_FOUND');
      if (before.user_id === actor.userId) throw new AppError('STAFF_SELF');
      if (before.role === 'owner' && actor.storeIds !== null) throw new AppError('FORBIDDEN');
      await this.repo.delete(trx, id);
      await this.audit.record(trx, actor, {
        resource: 'staff',
        resourceId: id,
        action: 'delete',
        storeId: before.store_id,
        before: { userId: before.user_id, ...view(before) },
      });
      return before.user_id;
    });
    await this.changed(userId);
  }
}
