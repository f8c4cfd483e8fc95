import type { LiveChatBody, LiveEvent, LiveMessage } from '@chaopin/contracts';
import { formatPrice } from '../../core/format.ts';

export const CHAT_TEXT_MAX = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';

/** A message body as the room's channel carries it, or null for anything malformed. */
export function parseChatBody(raw: unknown): LiveChatBody | null {
  let body = raw;
  if (isString(body)) {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (!isObject(body)) return null;
  if (body.kind === 'text') {
    if (!isString(body.text) || !body.text.trim()) return null;
    return {
      kind: 'text',
      text: body.text.slice(0, CHAT_TEXT_MAX),
      nick: isString(body.nick) && body.nick ? body.nick : '用户',
      avatar: isString(body.avatar) ? body.avatar : '',
    };
  }
  if (body.kind === 'enter') {
    return { kind: 'enter', nick: isString(body.nick) && body.nick ? body.nick : '用户' };
  }
  if (body.kind === 'event' && isObject(body.event) && isString(body.event.type)) {
    return { kind: 'event', event: body.event as unknown as LiveEvent };
  }
  return null;
}

/** A line of the chat list (text) or of the ticker above it (arrivals and events). */
export interface ChatLine {
  key: string;
  place: 'chat' | 'ticker';
  kind: 'text' | 'enter' | 'gift' | 'buy' | 'follow';
  nick: string;
  text: string;
  color: string;
}

/** Nick colours of the chat list, picked by a hash of the nick so a viewer keeps one colour. */
export const NICK_COLORS = ['#ffd36b', '#8fd3ff', '#ffb1c8', '#b7f59b', '#d4b8ff', '#ffc58f'];

export function nickColor(nick: string): string {
  let hash = 0;
  for (const ch of nick) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return NICK_COLORS[hash % NICK_COLORS.length] as string;
}

/** The line a message shows as; likes, shelf and state changes are not lines (null). */
export function toChatLine(message: Pick<LiveMessage, 'sequence' | 'roomId'>, body: LiveChatBody) {
  const key = `${message.roomId}:${message.sequence}`;
  const line = (kind: ChatLine['kind'], nick: string, text: string): ChatLine => ({
    key,
    place: kind === 'text' ? 'chat' : 'ticker',
    kind,
    nick,
    text,
    color: nickColor(nick),
  });
  if (body.kind === 'text') return line('text', body.nick, body.text);
  if (body.kind === 'enter') return line('enter', body.nick, '进入直播间');
  const event = body.event;
  switch (event.type) {
    case 'gift':
      return line(
        'gift',
        event.nickname,
        `送出 ${event.gift.name}${event.count > 1 ? ` ×${event.count}` : ''}`,
      );
    case 'buy':
      return line('buy', event.nickname, `正在购买 ${event.title}`);
    case 'follow':
      return line('follow', event.nickname, '关注了主播');
    default:
      return null;
  }
}

/** The chat input's rule: 1-100 characters after trimming; the error text, or null when fine. */
export function chatTextError(text: string): string | null {
  const value = text.trim();
  if (!value) return '说点什么吧';
  if ([...value].length > CHAT_TEXT_MAX) return `最多${CHAT_TEXT_MAX}个字`;
  return null;
}

/** A gift's price as the gift grid shows it. */
export function giftPrice(fen: number): string {
  return formatPrice(fen).replace(/\.00$/, '');
}
