// Request and response schemas of the message routes: system notices and order messages.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { Page, PagedQuery } from './envelope.ts';
import { IdList } from './goods.ts';

export const MESSAGE_TYPES = ['system', 'order'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_TEXT: Record<MessageType, string> = {
  system: '系统消息',
  order: '订单消息',
};

/** Lengths of an operator's notice (characters). */
export const NOTICE_TITLE_MAX = 60;
export const NOTICE_CONTENT_MAX = 2000;
export const NOTICE_LINK_MAX = 512;

const TypeValue = Type.Union([Type.Literal('system'), Type.Literal('order')]);
const TypeParam = Type.Union([Type.Literal('system'), Type.Literal('order')], {
  errorId: 'MESSAGE_TYPE_INVALID',
});
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });

export const MessageListByTypeQuery = PagedQuery({ type: TypeParam });
export type MessageListByTypeQuery = Static<typeof MessageListByTypeQuery>;

export const MessageIdQuery = Type.Object({ id: Id });
export type MessageIdQuery = Static<typeof MessageIdQuery>;

/** Either `ids` (of any type; others' or unknown ids are ignored) or `type` (all of that type). */
export const MessageReadBody = Type.Object({
  ids: Type.Optional(IdList),
  type: Type.Optional(TypeParam),
});
export type MessageReadBody = Static<typeof MessageReadBody>;

/** One message; ids are unique across both types. */
export const MessageItem = Type.Object({
  id: Type.Integer(),
  type: TypeValue,
  title: Type.String(),
  content: Type.String(),
  /** An in-app path to open (system notices), or ''. */
  link: Type.String(),
  /** The order it is about (order messages), or ''. */
  orderNo: Type.String(),
  /** The order's first goods image (order messages), or ''. */
  image: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.String(),
});
export type MessageItem = Static<typeof MessageItem>;

export const MessagePage = Page(MessageItem);
export type MessagePage = Static<typeof MessagePage>;

export const MessageTypeSummary = Type.Object({
  type: TypeValue,
  name: Type.String(),
  unread: Type.Integer(),
  /** The newest message of the type, or null when there is none. */
  latest: Type.Union([
    Type.Object({ title: Type.String(), content: Type.String(), createdAt: Type.String() }),
    Type.Null(),
  ]),
});
export type MessageTypeSummary = Static<typeof MessageTypeSummary>;

/** The message centre: one entry per type, and the total unread (the badges). */
export const MessageOverview = Type.Object({
  unread: Type.Integer(),
  types: Type.Array(MessageTypeSummary),
});
export type MessageOverview = Static<typeof MessageOverview>;

export const MessageUnreadCount = Type.Object({
  system: Type.Integer(),
  order: Type.Integer(),
  total: Type.Integer(),
});
export type MessageUnreadCount = Static<typeof MessageUnreadCount>;

export const MessageReadData = Type.Object({
  /** How many messages this call marked read. */
  marked: Type.Integer(),
  unread: MessageUnreadCount,
});
export type MessageReadData = Static<typeof MessageReadData>;

/** Operator: a notice to every user (no userId) or to one user. */
export const NoticePublishBody = Type.Object({
  title: Type.String({
    minLength: 1,
    maxLength: NOTICE_TITLE_MAX,
    errorId: 'NOTICE_TITLE_INVALID',
  }),
  content: Type.String({
    minLength: 1,
    maxLength: NOTICE_CONTENT_MAX,
    errorId: 'NOTICE_CONTENT_INVALID',
  }),
  /** An in-app path such as /pages/goods/goods?id=1. */
  link: Type.Optional(
    Type.String({
      maxLength: NOTICE_LINK_MAX,
      pattern: '^(/[^\\s]*)?$',
      errorId: 'NOTICE_LINK_INVALID',
    }),
  ),
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' })),
});
export type NoticePublishBody = Static<typeof NoticePublishBody>;
export const NoticePublishData = Type.Object({ id: Type.Integer() });
export type NoticePublishData = Static<typeof NoticePublishData>;
