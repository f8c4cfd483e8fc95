import type {
  AdminFeedback,
  AdminFeedbackQuery,
  AdminReport,
  AdminReportQuery,
  DictionaryData,
  DictionarySaveBody,
  FeedbackHandleBody,
  PageOf,
  ReportHandleBody,
  RuleData,
  RuleUpdateBody,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import { parseParagraphs } from '../support.service.ts';
import type { ContentDeskRepo } from './content-desk.repo.ts';

const BROKEN_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const paged = (q: { pageNum?: number; pageSize?: number }) => {
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
};
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The operator's content desk: feedback and reports with their states, rule pages, dictionaries. */
export class ContentDesk {
  constructor(
    private readonly db: Db,
    private readonly repo: ContentDeskRepo,
    private readonly audit: AuditTrail,
  ) {}

  async feedback(q: AdminFeedbackQuery): Promise<PageOf<AdminFeedback>> {
    const { pageNum, pageSize, offset } = paged(q);
    const [{ rows, total }, types] = await Promise.all([
      this.repo.feedbackPage(q, offset, pageSize),
      this.repo.dictionary(narrowDb(this.db), 'feedback_type'),
    ]);
    const text = new Map(types.map((t) => [t.value, t.label]));
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        nickname: r.nickname ?? '',
        type: r.type,
        typeText: text.get(r.type) ?? r.type,
        content: r.content,
        images: r.images,
        phone: r.phone,
        status: r.status,
        reply: r.reply,
        handledAt: iso(r.handled_at),
        createdAt: r.created_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  /** Moves a feedback along (待处理 → 处理中 → 已解决) with an optional reply the user sees. */
  async handleFeedback(actor: ConsoleActor, body: FeedbackHandleBody): Promise<void> {
    const reply = body.reply?.trim() || null;
    if (reply !== null && BROKEN_TEXT.test(reply)) throw new AppError('FEEDBACK_REPLY_INVALID');
    if (body.status === 'resolved' && reply === null) throw new AppError('FEEDBACK_REPLY_INVALID');
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.feedbackForUpdate(narrowDb(trx), body.id);
      if (!before) throw new AppError('FEEDBACK_NOT_FOUND');
      const nextReply = reply ?? before.reply;
      await this.repo.handleFeedback(narrowDb(trx), body.id, actor.userId, body.status, nextReply);
      await this.audit.record(trx, actor, {
        resource: 'feedback',
        resourceId: body.id,
        action: 'handle',
        storeId: null,
        before: { status: before.status, reply: before.reply },
        after: { status: body.status, reply: nextReply },
      });
    });
  }

  async reports(q: AdminReportQuery): Promise<PageOf<AdminReport>> {
    const { pageNum, pageSize, offset } = paged(q);
    const { rows, total } = await this.repo.reportPage(q, offset, pageSize);
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        nickname: r.nickname ?? '',
        targetType: r.target_type,
        targetId: r.target_id,
        reason: r.reason,
        description: r.description,
        images: r.images,
        status: r.status,
        result: r.result,
        handledAt: iso(r.handled_at),
        createdAt: r.created_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  /** Decides a pending report once (concurrent decisions: the first wins, the other is told). */
  async handleReport(actor: ConsoleActor, body: ReportHandleBody): Promise<void> {
    const result = body.result.trim();
    if (!result || BROKEN_TEXT.test(result)) throw new AppError('REPORT_RESULT_INVALID');
    await this.db.transaction().execute(async (trx) => {
      const decided = await this.repo.decideReport(
        narrowDb(trx),
        body.id,
        actor.userId,
        body.status,
        result,
      );
      if (!decided) {
        const row = await this.repo.reportExists(narrowDb(trx), body.id);
        throw new AppError(row ? 'REPORT_STATE_INVALID' : 'REPORT_NOT_FOUND');
      }
      await this.audit.record(trx, actor, {
        resource: 'report',
        resourceId: body.id,
        action: 'handle',
        storeId: null,
        before: { status: 'pending' },
        after: { status: body.status, result },
      });
    });
  }

  async rules(): Promise<RuleData[]> {
    return (await this.repo.rules()).map((r) => ({
      code: r.code,
      title: r.title,
      paragraphs: r.paragraphs,
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  /** The operator's edit of a rule page (a new code creates the page), audited. */
  async updateRule(actor: ConsoleActor, body: RuleUpdateBody): Promise<RuleData> {
    const title = body.title.trim();
    if (!title || BROKEN_TEXT.test(title)) throw new AppError('RULE_INVALID');
    const paragraphs = parseParagraphs(body.paragraphs);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repo.ruleForUpdate(narrowDb(trx), body.code);
      const row = await this.repo.saveRule(narrowDb(trx), body.code, title, paragraphs);
      await this.audit.record(trx, actor, {
        resource: 'rule',
        resourceId: body.code,
        action: before ? 'update' : 'create',
        storeId: null,
        before: before && { title: before.title, paragraphs: before.paragraphs },
        after: { title, paragraphs },
      });
      return {
        code: row.code,
        title: row.title,
        paragraphs: row.paragraphs,
        updatedAt: row.updated_at.toISOString(),
      };
    });
  }

  async dictionary(code: string): Promise<DictionaryData> {
    return { code, items: await this.repo.dictionary(narrowDb(this.db), code) };
  }

  /** Replaces an editable dictionary (联系我们, feedback types, report reasons), audited. */
  async saveDictionary(actor: ConsoleActor, body: DictionarySaveBody): Promise<DictionaryData> {
    const items = body.items.map((it) => ({ label: it.label.trim(), value: it.value.trim() }));
    const values = new Set(items.map((it) => it.value));
    if (items.some((it) => !it.label || !it.value) || values.size !== items.length) {
      throw new AppError('DICTIONARY_ITEMS_INVALID');
    }
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repo.dictionary(narrowDb(trx), body.code);
      await this.repo.replaceDictionary(narrowDb(trx), body.code, items);
      await this.audit.record(trx, actor, {
        resource: 'dictionary',
        resourceId: body.code,
        action: 'update',
        storeId: null,
        before: { items: before },
        after: { items },
      });
      return { code: body.code, items };
    });
  }
}
