import {
  type DictionaryData,
  type ErrorId,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  type Feedback,
  type FeedbackBody,
  type PageOf,
  type PageQuery,
  REPORT_DESCRIPTION_MAX,
  REPORT_IMAGES_MAX,
  type ReportBody,
  type ReportData,
  RULE_PARAGRAPH_MAX,
  RULE_PARAGRAPHS_MAX,
  type RuleData,
  type RuleUpdateBody,
} from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { ServiceRepo } from './service.repo.ts';

/** Feedback: 5 an hour per user; reports: 20 a day per user. */
const FEEDBACK_LIMIT = { max: 5, windowMs: 3600_000 };
const REPORT_LIMIT = { max: 20, windowMs: 24 * 3600_000 };

/** Only images this server stored from an upload. */
const OWN_IMAGE = /^\/uploads\/image\/[A-Za-z0-9/_.-]{1,200}$/;

const chars = (s: string) => [...s].length;
/** NUL, or a surrogate half without its pair: not text that PostgreSQL or a page can hold. */
const BROKEN_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Image lists come as an array, JSON text of one, or comma-separated text (form bodies). */
export function parseImages(raw: unknown, max: number, errorId: ErrorId): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let list: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw new AppError(errorId);
      }
    } else list = text.split(',').map((s) => s.trim());
  }
  if (!Array.isArray(list) || list.length > max) throw new AppError(errorId);
  for (const url of list) {
    if (typeof url !== 'string' || !OWN_IMAGE.test(url) || url.includes('..')) {
      throw new AppError(errorId);
    }
  }
  return list as string[];
}

/**
 * A rule page's paragraphs: an array or its JSON text; each trimmed, 1-2000 characters of plain
 * text without NUL or unpaired surrogates (the database and the page both need real text).
 */
export function parseParagraphs(raw: unknown): string[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw new AppError('RULE_INVALID');
    }
  }
  if (!Array.isArray(list) || list.length < 1 || list.length > RULE_PARAGRAPHS_MAX) {
    throw new AppError('RULE_INVALID');
  }
  return list.map((p: unknown) => {
    if (typeof p !== 'string') throw new AppError('RULE_INVALID');
    const text = p.trim();
    const length = chars(text);
    if (length < 1 || length > RULE_PARAGRAPH_MAX || BROKEN_TEXT.test(text)) {
      throw new AppError('RULE_INVALID');
    }
    return text;
  });
}

/** Checks that a reported thing exists (throws its catalogue's not-found error otherwise). */
export type ReportTargetCheck = (type: ReportBody['type'], id: number) => Promise<void>;

/** Dictionaries, rule pages, feedback and reports. */
export class SupportService {
  constructor(
    private readonly repo: ServiceRepo,
    private readonly limits: RateLimitStore,
    private readonly targetExists: ReportTargetCheck,
  ) {}

  async dictionary(code: string): Promise<DictionaryData> {
    const items = await this.repo.dictionary(code);
    if (items.length === 0) throw new AppError('DICTIONARY_NOT_FOUND');
    return { code, items };
  }

  async label(code: string, value: string): Promise<string | null> {
    return (await this.repo.dictionaryLabel(code, value))?.label ?? null;
  }

  async rule(code: string): Promise<RuleData> {
    const row = await this.repo.rule(code);
    if (!row) throw new AppError('RULE_NOT_FOUND');
    return {
      code: row.code,
      title: row.title,
      paragraphs: row.paragraphs,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** The operator's edit of a rule page (a new code creates the page). */
  async updateRule(body: RuleUpdateBody): Promise<RuleData> {
    const title = body.title.trim();
    if (!title || BROKEN_TEXT.test(title)) throw new AppError('RULE_INVALID');
    const row = await this.repo.saveRule(body.code, title, parseParagraphs(body.paragraphs));
    return {
      code: row.code,
      title: row.title,
      paragraphs: row.paragraphs,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  private async limit(key: string, rule: { max: number; windowMs: number }) {
    const { count } = await this.limits.hit(key, rule.windowMs);
    if (count > rule.max) throw new AppError('TOO_MANY_REQUESTS');
  }

  async feedback(userId: number, body: FeedbackBody): Promise<Feedback> {
    const content = body.content.trim();
    if (chars(content) < 1 || chars(content) > FEEDBACK_CONTENT_MAX) {
      throw new AppError('FEEDBACK_CONTENT_INVALID');
    }
    const images = parseImages(body.images, FEEDBACK_IMAGES_MAX, 'FEEDBACK_IMAGES_INVALID');
    const typeText = await this.label('feedback_type', body.type);
    if (!typeText) throw new AppError('FEEDBACK_TYPE_INVALID');
    await this.limit(`feedback:${userId}`, FEEDBACK_LIMIT);
    const row = await this.repo.insertFeedback({
      user_id: userId,
      type: body.type,
      content,
      images: JSON.stringify(images),
      phone: body.phone ?? '',
    });
    return {
      id: row.id,
      type: row.type,
      typeText,
      content: row.content,
      images: row.images,
      phone: row.phone,
      status: row.status,
      reply: row.reply,
      createdAt: row.created_at.toISOString(),
    };
  }

  async feedbackList(userId: number, q: PageQuery): Promise<PageOf<Feedback>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [{ total, rows }, types] = await Promise.all([
      this.repo.feedbackPage(userId, pageSize, (pageNum - 1) * pageSize),
      this.repo.dictionary('feedback_type'),
    ]);
    const text = new Map(types.map((t) => [t.value, t.label]));
    return {
      list: rows.map((r) => ({
        id: r.id,
        type: r.type,
        typeText: text.get(r.type) ?? r.type,
        content: r.content,
        images: r.images,
        phone: r.phone,
        status: r.status,
        reply: r.reply,
        createdAt: r.created_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  async report(userId: number, body: ReportBody): Promise<ReportData> {
    const description = (body.description ?? '').trim();
    if (chars(description) > REPORT_DESCRIPTION_MAX) {
      throw new AppError('REPORT_DESCRIPTION_INVALID');
    }
    const images = parseImages(body.images, REPORT_IMAGES_MAX, 'REPORT_IMAGES_INVALID');
    if (!(await this.label('report_reason', body.reason))) {
      throw new AppError('REPORT_REASON_INVALID');
    }
    await this.targetExists(body.type, body.targetId);
    await this.limit(`report:${userId}`, REPORT_LIMIT);
    const row = await this.repo.insertReport({
      user_id: userId,
      target_type: body.type,
      target_id: body.targetId,
      reason: body.reason,
      description,
      images: JSON.stringify(images),
    });
    if (!row) throw new AppError('REPORT_DUPLICATE');
    return { id: row.id };
  }
}
