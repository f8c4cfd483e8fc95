// The 客服 desk: a store's agents answer its buyers as the store's chat account (store_<id>).
// A buyer's conversation with a store is waiting (in the queue), assigned to one agent, or closed.
import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';
import { MESSAGE_FOR_SHOW, type MsgType } from '../im.ts';

/** Lifetime of a desk credential (one shift); the desk asks for a new one when it expires. */
export const DESK_SIG_TTL_SECONDS = 12 * 3600;
/** Quick replies a store may keep. */
export const QUICK_REPLY_MAX = 100;
export const QUICK_REPLY_TEXT_MAX = 500;
export const QUICK_REPLY_TITLE_MAX = 20;
/** Characters of the buyer's last message kept for the queue. */
export const DESK_PREVIEW_MAX = 100;

/**
 * A product or order card the app sends to a store (a custom message whose payload.data is this
 * as JSON; the app's core/chat/message-view.ts makes them).
 */
export interface ChatCardData {
  kind: 'product' | 'order';
  id: string;
  title: string;
  image: string;
  /** Fen: the product's price or the order's pay amount. */
  price: number;
}

export function parseChatCard(payload: Record<string, unknown>): ChatCardData | null {
  try {
    const c = JSON.parse(String(payload.data ?? '')) as Partial<ChatCardData>;
    if ((c.kind !== 'product' && c.kind !== 'order') || typeof c.id !== 'string') return null;
    return {
      kind: c.kind,
      id: c.id,
      title: String(c.title ?? ''),
      image: String(c.image ?? ''),
      price: Number(c.price) || 0,
    };
  } catch {
    return null;
  }
}

/** One line for a message in the desk's lists: the text, or [图片], [商品] 标题, [订单] 标题 … */
export function deskPreview(type: string, payload: Record<string, unknown>): string {
  let line: string;
  if (type === 'TIMTextElem') line = String(payload.text ?? '');
  else {
    const card = type === 'TIMCustomElem' ? parseChatCard(payload) : null;
    line = card
      ? `${card.kind === 'product' ? '[商品]' : '[订单]'} ${card.title}`
      : (MESSAGE_FOR_SHOW[type as MsgType] ?? '[消息]');
  }
  return [...line].slice(0, DESK_PREVIEW_MAX).join('');
}

export const DESK_STATUSES = { waiting: '待接入', assigned: '接待中', closed: '已结束' } as const;
export type DeskStatus = keyof typeof DESK_STATUSES;

const StoreId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' });
const ConversationId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  errorId: 'CHAT_CONVERSATION_NOT_FOUND',
});
/** A buyer's chat account (an app user's is their user id). */
const BuyerID = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.@-]+$',
  errorId: 'CHAT_CONVERSATION_NOT_FOUND',
});

export const DeskStoreQuery = Type.Object({ storeId: StoreId });
export type DeskStoreQuery = Static<typeof DeskStoreQuery>;

/** `GET admin/chat/credential`: the store's chat account, for the desk's IM SDK login. */
export const DeskCredential = Type.Object({
  storeId: Type.Integer(),
  storeName: Type.String(),
  avatar: Type.String(),
  userID: Type.String(),
  userSig: Type.String(),
  /** Epoch seconds. */
  expireAt: Type.Integer(),
  sdkAppId: Type.Integer(),
});
export type DeskCredential = Static<typeof DeskCredential>;

/** The queue (waiting, oldest first) or my conversations; every store in reach unless `storeId`. */
export const DeskListQuery = PagedQuery({ storeId: Type.Optional(StoreId) });
export type DeskListQuery = Static<typeof DeskListQuery>;

export const DeskBuyer = Type.Object({
  /** Chat account (an app user's id as a string). */
  userID: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
});

export const DeskLastMessage = Type.Object({
  /** TIMTextElem, TIMImageElem, TIMCustomElem, … */
  type: Type.String(),
  /** A text, or [图片] / [商品] 标题 / [订单] 标题 … */
  text: Type.String(),
  /** Epoch ms. */
  time: Type.Integer(),
});

export const DeskConversation = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  /** The conversation as the store's account sees it in the IM SDK: `C2C<buyer>`. */
  conversationID: Type.String(),
  buyer: DeskBuyer,
  status: Type.Union([Type.Literal('waiting'), Type.Literal('assigned'), Type.Literal('closed')]),
  agentUserId: Type.Union([Type.Integer(), Type.Null()]),
  /** The buyer's first unanswered message (epoch ms); null once an agent answered. */
  waitingSince: Type.Union([Type.Integer(), Type.Null()]),
  /** Seconds since waitingSince, at the server's clock (0 when answered). */
  waitingSeconds: Type.Integer(),
  lastMessage: DeskLastMessage,
  /** The store's messages the agent has not read (the store account's unread count). */
  unread: Type.Integer(),
});
export type DeskConversation = Static<typeof DeskConversation>;
export const DeskConversationPage = Page(DeskConversation);

export const DeskConversationBody = Type.Object({ conversation: ConversationId });
export type DeskConversationBody = Static<typeof DeskConversationBody>;

export const DeskTransferBody = Type.Object({
  conversation: ConversationId,
  toAgentUserId: Type.Integer({
    minimum: 1,
    maximum: MAX_ID,
    errorId: 'CHAT_TRANSFER_TARGET_INVALID',
  }),
});
export type DeskTransferBody = Static<typeof DeskTransferBody>;

/** What a claim, transfer or close leaves. */
export const DeskState = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  conversationID: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('assigned'), Type.Literal('closed')]),
  agentUserId: Type.Union([Type.Integer(), Type.Null()]),
});
export type DeskState = Static<typeof DeskState>;

/** `GET admin/chat/agents`: who a conversation may be transferred to. */
export const DeskAgent = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  role: Type.String(),
  roleName: Type.String(),
});
export type DeskAgent = Static<typeof DeskAgent>;
export const DeskAgentList = Type.Object({ list: Type.Array(DeskAgent) });

export const DeskBuyerQuery = Type.Object({ storeId: StoreId, buyer: BuyerID });
export type DeskBuyerQuery = Static<typeof DeskBuyerQuery>;

export const DeskBuyerOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  status: Type.String(),
  statusName: Type.String(),
  /** Fen. */
  payAmount: Type.Integer(),
  createdAt: Type.String(),
  itemCount: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
});
export type DeskBuyerOrder = Static<typeof DeskBuyerOrder>;

export const DeskBuyerInfo = Type.Object({
  userID: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** The buyer's latest orders with this store, newest first. */
  orders: Type.Array(DeskBuyerOrder),
});
export type DeskBuyerInfo = Static<typeof DeskBuyerInfo>;

/** Quick replies (快捷回复) of one store. */
export const QuickReplyListQuery = PagedQuery({ storeId: StoreId });
export type QuickReplyListQuery = Static<typeof QuickReplyListQuery>;

export const QuickReply = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  sort: Type.Integer(),
  updatedAt: Type.String(),
});
export type QuickReply = Static<typeof QuickReply>;
export const QuickReplyPage = Page(QuickReply);

export const QuickReplySaveBody = Type.Object({
  id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'CHAT_QUICK_REPLY_NOT_FOUND' }),
  ),
  storeId: StoreId,
  title: Type.Optional(
    Type.String({
      maxLength: QUICK_REPLY_TITLE_MAX,
      pattern: '^[^\\u0000]*$',
      errorId: 'CHAT_QUICK_REPLY_INVALID',
    }),
  ),
  text: Type.String({
    minLength: 1,
    maxLength: QUICK_REPLY_TEXT_MAX,
    pattern: '^[^\\u0000]*\\S[^\\u0000]*$',
    errorId: 'CHAT_QUICK_REPLY_INVALID',
  }),
  sort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 9999, errorId: 'CHAT_QUICK_REPLY_INVALID' }),
  ),
});
export type QuickReplySaveBody = Static<typeof QuickReplySaveBody>;

export const QuickReplyIdBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'CHAT_QUICK_REPLY_NOT_FOUND' }),
});
export type QuickReplyIdBody = Static<typeof QuickReplyIdBody>;
