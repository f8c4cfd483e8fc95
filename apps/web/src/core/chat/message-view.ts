import { GROUP_NOTICE, GROUP_TIP, MESSAGE_FOR_SHOW, type MsgType } from '@chaopin/contracts';
import { chinaDayNumber, formatDate, formatDayTime, formatTime } from '../format.ts';

/** SPEC §8: what an unknown message kind shows instead of its content. */
export const UNSUPPORTED_TEXT = '[暂不支持该消息格式]';
/** A time divider appears before a message sent this long after the previous one. */
export const DIVIDER_GAP_MS = 5 * 60 * 1000;

/** The fields of a message the views read (the SDK's Message satisfies it). */
export interface ViewMessage {
  ID: string;
  from: string;
  type: string;
  timeMs: number;
  isRevoked: boolean;
  payload: Record<string, unknown>;
}

export const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.keys(MESSAGE_FOR_SHOW));

export function revokedText(from: string, me: string): string {
  return from === me ? '你撤回了一条消息' : '对方撤回了一条消息';
}

/** Chat time (China): today HH:mm, 昨天 HH:mm, this year MM-DD HH:mm, else YYYY-MM-DD HH:mm. */
export function chatTime(ms: number, now = Date.now()): string {
  return formatDayTime(ms, now, { today: '' });
}

/** Conversation list time (China): today HH:mm, yesterday 昨天, else MM-DD (or YYYY-MM-DD). */
export function listTime(ms: number, now = Date.now()): string {
  if (!ms) return '';
  const days = chinaDayNumber(now) - chinaDayNumber(ms);
  if (days <= 0) return formatTime(ms);
  if (days === 1) return '昨天';
  const date = formatDate(ms);
  return date.slice(0, 4) === formatDate(now).slice(0, 4) ? date.slice(5) : date;
}

export type ChatRow<M extends ViewMessage> =
  | { kind: 'divider'; key: string; text: string }
  | { kind: 'message'; key: string; message: M };

/** The chat list with a time divider before the first message and after every gap of 5 minutes. */
export function withDividers<M extends ViewMessage>(
  list: readonly M[],
  now = Date.now(),
): ChatRow<M>[] {
  const rows: ChatRow<M>[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const m of list) {
    if (m.timeMs - last >= DIVIDER_GAP_MS)
      rows.push({ kind: 'divider', key: `t-${m.ID}`, text: chatTime(m.timeMs, now) });
    last = Math.max(last, m.timeMs);
    rows.push({ kind: 'message', key: m.ID, message: m });
  }
  return rows;
}

/** A product or order card sent as a custom message (payload.data is this as JSON). */
export interface ChatCard {
  kind: 'product' | 'order';
  id: string;
  title: string;
  image: string;
  /** Price in fen (product) or the order's pay amount in fen. */
  price: number;
}

export function parseCard(payload: Record<string, unknown>): ChatCard | null {
  try {
    const c = JSON.parse(String(payload.data ?? '')) as Partial<ChatCard>;
    if ((c.kind === 'product' || c.kind === 'order') && typeof c.id === 'string') {
      return {
        kind: c.kind,
        id: c.id,
        title: String(c.title ?? ''),
        image: String(c.image ?? ''),
        price: Number(c.price) || 0,
      };
    }
  } catch {
    /* not a card */
  }
  return null;
}

/** The user ids a group tip names (operator first). */
export function tipUserIDs(payload: Record<string, unknown>): string[] {
  const list = Array.isArray(payload.userIDList) ? payload.userIDList.map(String) : [];
  return [...new Set([String(payload.operatorID ?? ''), ...list].filter(Boolean))];
}

/** A group tip as one grey line; `nameOf` turns user ids into nicknames when known. */
export function groupTipText(
  payload: Record<string, unknown>,
  nameOf: (id: string) => string = (id) => id,
): string {
  const who = Array.isArray(payload.userIDList)
    ? payload.userIDList.map((id) => nameOf(String(id))).join('、')
    : '';
  const op = payload.operatorID ? nameOf(String(payload.operatorID)) : '';
  switch (Number(payload.operationType)) {
    case GROUP_TIP.MEMBER_JOIN:
      return `${who || op} 加入了群聊`;
    case GROUP_TIP.MEMBER_QUIT:
      return `${op} 退出了群聊`;
    case GROUP_TIP.MEMBER_KICKED:
      return `${who} 被移出了群聊`;
    case GROUP_TIP.SET_ADMIN:
      return `${who} 成为了管理员`;
    case GROUP_TIP.CANCEL_ADMIN:
      return `${who} 被取消了管理员`;
    case GROUP_TIP.GROUP_PROFILE_UPDATED:
      return `${op} 修改了群资料`;
    case GROUP_TIP.MEMBER_PROFILE_UPDATED:
      return `${who || op} 的群成员资料已更新`;
    default:
      return '[群提示消息]';
  }
}

/** The conversation of group system notices (SPEC §3: type system); the list shows it as 群通知. */
export const SYSTEM_CONVERSATION_ID = '@TIM#SYSTEM';
export const GROUP_NOTICES_TITLE = '群通知';

/** The group a system notice is about: its id and its name (or id). */
export function noticeGroup(payload: Record<string, unknown>): { groupID: string; name: string } {
  const g = (payload.groupProfile ?? {}) as { groupID?: unknown; name?: unknown };
  const groupID = String(g.groupID ?? '');
  return { groupID, name: String(g.name ?? '') || groupID };
}

/**
 * A group system notice (SPEC §4 types) as a sentence to the user; `nameOf` gives the operator's
 * nickname when known (the conversation list has none at hand, and the sentence reads without).
 */
export function groupNoticeText(
  payload: Record<string, unknown>,
  nameOf: (id: string) => string = () => '',
): string {
  const group = `「${noticeGroup(payload).name}」`;
  const op = payload.operatorID ? nameOf(String(payload.operatorID)) : '';
  const note = String(payload.handleMessage ?? '').trim();
  const withNote = (text: string) => (note ? `${text}：${note}` : text);
  switch (Number(payload.operationType)) {
    case GROUP_NOTICE.JOIN_REQUEST:
      return withNote(`${op || '有人'} 申请加入群聊${group}`);
    case GROUP_NOTICE.JOIN_ACCEPTED:
      return `你加入群聊${group}的申请已通过`;
    case GROUP_NOTICE.JOIN_REFUSED:
      return withNote(`你加入群聊${group}的申请被拒绝`);
    case GROUP_NOTICE.KICKED:
      return withNote(op ? `你已被 ${op} 移出群聊${group}` : `你已被移出群聊${group}`);
    case GROUP_NOTICE.DISMISSED:
      return op ? `群聊${group}已被 ${op} 解散` : `群聊${group}已被群主解散`;
    case GROUP_NOTICE.INVITED:
      return op ? `${op} 邀请你加入了群聊${group}` : `你已被邀请加入群聊${group}`;
    case GROUP_NOTICE.QUIT:
      return `你已退出群聊${group}`;
    case GROUP_NOTICE.SET_ADMIN:
      return `你已成为群聊${group}的管理员`;
    case GROUP_NOTICE.CANCEL_ADMIN:
      return `你已不再是群聊${group}的管理员`;
    default:
      return note || `群聊${group}有新通知`;
  }
}

/** The one-line summary of a message (conversation list, notifications). */
export function summaryOf(
  m: Pick<ViewMessage, 'type' | 'isRevoked' | 'payload' | 'from'>,
  me: string,
): string {
  if (m.isRevoked) return revokedText(m.from, me);
  if (!m.type) return '';
  if (m.type === 'TIMTextElem') return String(m.payload.text ?? '');
  if (m.type === 'TIMCustomElem') {
    const card = parseCard(m.payload);
    if (card) return card.kind === 'product' ? '[商品]' : '[订单]';
  }
  if (m.type === 'TIMGroupTipElem') return groupTipText(m.payload);
  if (m.type === 'TIMGroupSystemNoticeElem') return groupNoticeText(m.payload);
  return KNOWN_TYPES.has(m.type) ? MESSAGE_FOR_SHOW[m.type as MsgType] : UNSUPPORTED_TEXT;
}

/** "1.2MB" style size for file bubbles. */
export function fileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0B';
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

/** SPEC §5: a message can be revoked by its sender within 2 minutes. */
export function canRevoke(
  m: Pick<ViewMessage, 'from' | 'timeMs' | 'isRevoked'>,
  me: string,
  now = Date.now(),
): boolean {
  return m.from === me && !m.isRevoked && now - m.timeMs < 120_000;
}
