import {
  MAX_ID,
  MESSAGE_TYPE_TEXT,
  MESSAGE_TYPES,
  type MessageItem,
  type MessageListByTypeQuery,
  type MessageOverview,
  type MessagePage,
  type MessageReadBody,
  type MessageReadData,
  type MessageType,
  type MessageUnreadCount,
  type NoticePublishBody,
} from '@chaopin/contracts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { AppError } from '../../platform/errors.ts';
import type { MessageRepo, MessageRow, Reader } from './message.repo.ts';
import type { MessageDb } from './message.tables.ts';
import { draftFor, noticeFor } from './message-texts.ts';

const DEFAULT_PAGE_SIZE = 10;

/** What this module needs from others: when a user joined, and an order's goods image. */
export interface MessagePorts {
  /** The user's sign-up time, or null when there is no such user. */
  joinedAt(userId: number): Promise<Date | null>;
  /** The first goods image of the user's order, or '' (also when the order is gone). */
  orderImage(userId: number, orderNo: string): Promise<string>;
}

function toItem(type: MessageType, row: MessageRow): MessageItem {
  return {
    id: row.id,
    type,
    title: row.title,
    content: row.content,
    link: row.link,
    orderNo: row.order_no,
    image: row.image ?? '',
    read: row.read,
    createdAt: row.created_at.toISOString(),
  };
}

/** "1,2,3" or [1, 2, 3] as distinct ids; IDS_INVALID when empty or out of range. */
function parseIds(list: string | number[]): number[] {
  const raw = typeof list === 'string' ? list.split(',').map((s) => Number(s.trim())) : list;
  const ids = [...new Set(raw)];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) {
    throw new AppError('IDS_INVALID');
  }
  return ids;
}

/**
 * The user's messages: operator notices (stored once, read marks per user) and order messages
 * (written by domain events inside the transaction that made the change).
 */
export class MessageService {
  constructor(
    private readonly repo: MessageRepo,
    private readonly ports: MessagePorts,
  ) {}

  /** The domain-event handler: runs in the producer's transaction, so it writes with `trx`. */
  async onEvent(trx: MessageDb, event: DomainEvent): Promise<void> {
    const notice = noticeFor(event);
    if (notice) {
      await this.repo.insertNotice(notice, trx);
      return;
    }
    const draft = draftFor(event);
    if (draft) await this.repo.insertOrderMessage(trx, draft);
  }

  async publish(body: NoticePublishBody): Promise<{ id: number }> {
    const title = body.title.trim();
    const content = body.content.trim();
    if (!title) throw new AppError('NOTICE_TITLE_INVALID');
    if (!content) throw new AppError('NOTICE_CONTENT_INVALID');
    const userId = body.userId ?? null;
    if (userId !== null && !(await this.ports.joinedAt(userId))) {
      throw new AppError('NOTICE_USER_NOT_FOUND');
    }
    return this.repo.insertNotice({ title, content, link: body.link ?? '', userId });
  }

  private async reader(userId: number): Promise<Reader> {
    const joinedAt = await this.ports.joinedAt(userId);
    if (!joinedAt) throw new AppError('LOGIN_REQUIRED');
    return { userId, joinedAt };
  }

  /** The buyer's messages about one order, oldest first (the console's order page). */
  async ofOrder(userId: number, orderNo: string) {
    const rows = await this.repo.ofOrder(userId, orderNo);
    return rows.map((r) => ({
      kind: r.kind,
      title: r.title,
      content: r.content,
      createdAt: r.created_at.toISOString(),
      read: r.read,
    }));
  }

  async unreadCount(userId: number): Promise<MessageUnreadCount> {
    return this.unreadOf(await this.reader(userId));
  }

  private async unreadOf(reader: Reader): Promise<MessageUnreadCount> {
    const [system, order] = await Promise.all([
      this.repo.unreadNotices(reader),
      this.repo.unreadOrderMessages(reader.userId),
    ]);
    return { system, order, total: system + order };
  }

  async overview(userId: number): Promise<MessageOverview> {
    const reader = await this.reader(userId);
    const [unread, system, order] = await Promise.all([
      this.unreadOf(reader),
      this.repo.noticePage(reader, 1, 0),
      this.repo.orderPage(userId, 1, 0),
    ]);
    const latest = { system: system.rows[0], order: order.rows[0] };
    return {
      unread: unread.total,
      types: MESSAGE_TYPES.map((type) => {
        const row = latest[type];
        return {
          type,
          name: MESSAGE_TYPE_TEXT[type],
          unread: unread[type],
          latest: row
            ? { title: row.title, content: row.content, createdAt: row.created_at.toISOString() }
            : null,
        };
      }),
    };
  }

  async listByType(userId: number, q: MessageListByTypeQuery): Promise<MessagePage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
    const offset = (pageNum - 1) * pageSize;
    if (q.type === 'system') {
      const page = await this.repo.noticePage(await this.reader(userId), pageSize, offset);
      return {
        list: page.rows.map((r) => toItem('system', r)),
        total: page.total,
        pageNum,
        pageSize,
      };
    }
    const page = await this.repo.orderPage(userId, pageSize, offset);
    const rows = await Promise.all(page.rows.map((r) => this.withImage(userId, r)));
    return { list: rows.map((r) => toItem('order', r)), total: page.total, pageNum, pageSize };
  }

  /**
   * Events carry no image (their producers should not have to know what a message shows), so the
   * goods image is looked up the first time the message is listed and then kept on the row.
   */
  private async withImage(userId: number, row: MessageRow): Promise<MessageRow> {
    if (row.image !== null || !row.order_no) return row;
    const image = await this.ports.orderImage(userId, row.order_no);
    await this.repo.setImage(userId, row.id, image);
    return { ...row, image };
  }

  /** One message of the user's (another user's id is not found); opening it marks it read. */
  async open(userId: number, id: number): Promise<MessageItem> {
    const order = await this.repo.orderMessage(userId, id);
    if (order) {
      if (!order.read) await this.repo.markOrderMessagesRead(userId, [id]);
      return toItem('order', { ...(await this.withImage(userId, order)), read: true });
    }
    const reader = await this.reader(userId);
    const notice = await this.repo.notice(reader, id);
    if (!notice) throw new AppError('MESSAGE_NOT_FOUND');
    if (!notice.read) await this.repo.markNoticesRead(reader, [id]);
    return toItem('system', { ...notice, read: true });
  }

  /** Marks the given ids (ids that are not the user's are skipped), or all of one type, read. */
  async read(userId: number, body: MessageReadBody): Promise<MessageReadData> {
    if ((body.ids === undefined) === (body.type === undefined)) {
      throw new AppError('MESSAGE_READ_TARGET');
    }
    const ids = body.ids === undefined ? undefined : parseIds(body.ids);
    const reader = await this.reader(userId);
    let marked = 0;
    if (ids || body.type === 'system') marked += await this.repo.markNoticesRead(reader, ids);
    if (ids || body.type === 'order') marked += await this.repo.markOrderMessagesRead(userId, ids);
    return { marked, unread: await this.unreadOf(reader) };
  }
}
