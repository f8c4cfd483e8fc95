import {
  type PageOf,
  QUICK_REPLY_MAX,
  type QuickReply,
  type QuickReplyListQuery,
  type QuickReplySaveBody,
} from '@chaopin/contracts';
import { assertStore, type ConsoleActor, inScope } from '../../../platform/console-gate.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import type { QuickReplyRepo, QuickReplyRow } from './quick-reply.repo.ts';

const view = (r: QuickReplyRow): QuickReply => ({
  id: r.id,
  storeId: r.store_id,
  title: r.title,
  text: r.text,
  sort: r.sort,
  updatedAt: new Date(r.updated_ms).toISOString(),
});
const fields = (r: Pick<QuickReplyRow, 'title' | 'text' | 'sort'>) => ({
  title: r.title,
  text: r.text,
  sort: r.sort,
});

/** A store's quick replies (快捷回复): the desk's picker, kept by its agents. */
export class QuickReplies {
  constructor(
    private readonly repo: QuickReplyRepo,
    private readonly audit: AuditTrail,
    /** STORE_NOT_FOUND when there is no such store. */
    private readonly assertStoreExists: (storeId: number) => Promise<void>,
  ) {}

  async page(actor: ConsoleActor, q: QuickReplyListQuery): Promise<PageOf<QuickReply>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 100;
    if (!inScope(actor, q.storeId)) return { list: [], total: 0, pageNum, pageSize };
    const { rows, total } = await this.repo.page(q.storeId, (pageNum - 1) * pageSize, pageSize);
    return { list: rows.map(view), total, pageNum, pageSize };
  }

  /** Adds one (no `id`) or changes one of the same store. */
  async save(actor: ConsoleActor, body: QuickReplySaveBody): Promise<QuickReply> {
    assertStore(actor, body.storeId, 'STORE_NOT_FOUND');
    const now = Date.now();
    const next = { title: (body.title ?? '').trim(), text: body.text.trim(), sort: body.sort ?? 0 };
    if (body.id === undefined) await this.assertStoreExists(body.storeId);
    return this.repo.transaction(async (trx) => {
      if (body.id !== undefined) {
        const before = await this.repo.byId(trx, body.id);
        if (!before || before.store_id !== body.storeId || !inScope(actor, before.store_id))
          throw new AppError('CHAT_QUICK_REPLY_NOT_FOUND');
        const row = await this.repo.update(trx, body.id, { ...next, updated_ms: now });
        if (!row) throw new AppError('CHAT_QUICK_REPLY_NOT_FOUND');
        await this.audit.record(trx, actor, {
          resource: 'chatQuickReply',
          resourceId: row.id,
          action: 'update',
          storeId: row.store_id,
          before: fields(before),
          after: fields(row),
        });
        return view(row);
      }
      if ((await this.repo.lockedCount(trx, body.storeId)) >= QUICK_REPLY_MAX)
        throw new AppError('CHAT_QUICK_REPLY_LIMIT');
      const row = await this.repo.insert(trx, {
        store_id: body.storeId,
        ...next,
        updated_ms: now,
      });
      await this.audit.record(trx, actor, {
        resource: 'chatQuickReply',
        resourceId: row.id,
        action: 'create',
        storeId: row.store_id,
        after: fields(row),
      });
      return view(row);
    });
  }

  async remove(actor: ConsoleActor, id: number): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const before = await this.repo.byId(trx, id);
      if (!before || !inScope(actor, before.store_id))
        throw new AppError('CHAT_QUICK_REPLY_NOT_FOUND');
      await this.repo.delete(trx, id);
      await this.audit.record(trx, actor, {
        resource: 'chatQuickReply',
        resourceId: id,
        action: 'delete',
        storeId: before.store_id,
        before: fields(before),
      });
    });
  }
}
