import type { AdminNotice, AdminNoticeQuery, NoticeSaveBody, PageOf } from '@chaopin/contracts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import type { MessageDb } from '../message.tables.ts';
import type { NoticeDeskRepo, NoticeDeskRow } from './notice-desk.repo.ts';

/** How far ahead a notice may be scheduled. */
const MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000;

const stateOf = (r: { publish_at: Date; withdrawn_at: Date | null }, now: number) =>
  r.withdrawn_at ? 'withdrawn' : r.publish_at.getTime() > now ? 'scheduled' : 'published';

const audited = (
  r: Pick<NoticeDeskRow, 'title' | 'content' | 'link' | 'user_id' | 'publish_at'>,
) => ({
  title: r.title,
  content: r.content,
  link: r.link,
  userId: r.user_id,
  publishAt: r.publish_at.toISOString(),
});

/**
 * The operator's notices: publish now or at a set time (readers see a notice from its
 * publish_at), change one that has not gone out, withdraw one (readers stop seeing it).
 */
export class NoticeDesk {
  constructor(
    private readonly db: MessageDb,
    private readonly repo: NoticeDeskRepo,
    private readonly audit: AuditTrail,
    private readonly userExists: (userId: number) => Promise<boolean>,
  ) {}

  async page(q: AdminNoticeQuery): Promise<PageOf<AdminNotice>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await this.repo.page(q, (pageNum - 1) * pageSize, pageSize);
    const now = Date.now();
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        link: r.link,
        userId: r.user_id,
        state: stateOf(r, now),
        publishAt: r.publish_at.toISOString(),
        withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
        createdAt: r.created_at.toISOString(),
        reads: Number(r.reads ?? 0),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  async save(actor: ConsoleActor, body: NoticeSaveBody): Promise<{ id: number }> {
    const title = body.title.trim();
    const content = body.content.trim();
    if (!title) throw new AppError('NOTICE_TITLE_INVALID');
    if (!content) throw new AppError('NOTICE_CONTENT_INVALID');
    const publishAt = body.publishAt ? new Date(body.publishAt) : null;
    if (publishAt) {
      const ahead = publishAt.getTime() - Date.now();
      if (!(ahead > 0 && ahead <= MAX_SCHEDULE_MS)) throw new AppError('NOTICE_PUBLISH_AT_INVALID');
    }
    const userId = body.userId ?? null;
    if (userId !== null && !(await this.userExists(userId)))
      throw new AppError('NOTICE_USER_NOT_FOUND');
    const values = { title, content, link: body.link ?? '', userId, publishAt };
    return this.db.transaction().execute(async (trx) => {
      if (body.id) {
        const before = await this.repo.forUpdate(trx, body.id);
        if (!before) throw new AppError('NOTICE_NOT_FOUND');
        if (before.withdrawn_at) throw new AppError('NOTICE_WITHDRAWN');
        if (before.publish_at.getTime() <= Date.now()) throw new AppError('NOTICE_ALREADY_OUT');
        await this.repo.update(trx, body.id, values);
        const after = await this.repo.forUpdate(trx, body.id);
        await this.audit.record(trx, actor, {
          resource: 'notice',
          resourceId: body.id,
          action: 'update',
          storeId: null,
          before: audited(before),
          after: after && audited(after),
        });
        return { id: body.id };
      }
      const row = await this.repo.insert(trx, { ...values, by: actor.userId });
      await this.audit.record(trx, actor, {
        resource: 'notice',
        resourceId: row.id,
        action: publishAt ? 'schedule' : 'publish',
        storeId: null,
        after: audited({
          title,
          content,
          link: values.link,
          user_id: userId,
          publish_at: row.publish_at,
        }),
      });
      return { id: row.id };
    });
  }

  async withdraw(actor: ConsoleActor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.forUpdate(trx, id);
      if (!before) throw new AppError('NOTICE_NOT_FOUND');
      if (before.withdrawn_at) throw new AppError('NOTICE_WITHDRAWN');
      await this.repo.withdraw(trx, id);
      await this.audit.record(trx, actor, {
        resource: 'notice',
        resourceId: id,
        action: 'withdraw',
        storeId: null,
        before: { state: stateOf(before, Date.now()) },
        after: { state: 'withdrawn' },
      });
    });
  }
}
