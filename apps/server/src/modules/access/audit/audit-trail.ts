import type { AuditListQuery, AuditRow, PageOf } from '@chaopin/contracts';
import { type ConsoleActor, storeFilter } from '../../../platform/console-gate.ts';
import type { AnyDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditRepo } from './audit.repo.ts';
import { auditDiff } from './audit-diff.ts';

/** One console write, as the module that made it describes it. */
export interface AuditEntry {
  /** The kind of thing changed: 'product', 'order', 'refund', 'staff', … */
  resource: string;
  resourceId: string | number;
  /** What was done: 'create', 'update', 'ship', 'approve', … */
  action: string;
  /** The store the row belongs to (null: platform-wide), so a 商家 sees their store's log. */
  storeId: number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The audit port every console write calls inside its own transaction (`trx`), so the log row
 * and the change commit or roll back together. Read back by `page` (the 操作日志 page).
 */
export class AuditTrail {
  constructor(private readonly repo: AuditRepo) {}

  /**
   * `trx` is the writer's transaction, on whatever view of the database its module has (the
   * repo writes only audit_log through it).
   */
  async record(trx: AnyDb, actor: ConsoleActor, entry: AuditEntry): Promise<void> {
    await this.repo.insert(trx, {
      actor_id: actor.userId,
      actor_role: actor.role,
      ip: actor.ip,
      resource: entry.resource,
      resource_id: String(entry.resourceId),
      action: entry.action,
      store_id: entry.storeId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      diff: auditDiff(entry.before ?? null, entry.after ?? null),
    });
  }

  async page(actor: ConsoleActor, q: AuditListQuery): Promise<PageOf<AuditRow>> {
    if (q.from && q.to && new Date(q.from) >= new Date(q.to))
      throw new AppError('AUDIT_RANGE_INVALID');
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
        id: Number(r.id),
        at: r.at.toISOString(),
        actorId: r.actor_id,
        actorName: r.nickname ?? '',
        actorRole: r.actor_role,
        ip: r.ip,
        resource: r.resource,
        resourceId: r.resource_id,
        action: r.action,
        storeId: r.store_id,
        diff: r.diff as Record<string, unknown[]>,
        before: r.before,
        after: r.after,
      })),
      total,
      pageNum,
      pageSize,
    };
  }
}
