// Shop chat (客服) auto replies: a store's welcome text on a buyer's first message, and its away
// text while no operator of the store is online (at most once per conversation per interval).
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';

/** What a store says until the operator sets its own; `{店铺名}` becomes the store's name. */
export const SHOP_REPLY_DEFAULTS = {
  welcome: '您好，欢迎光临{店铺名}，有什么可以帮您？',
  away: '客服暂时不在线，留言后我们会尽快回复您。',
} as const;
export const SHOP_NAME_PLACEHOLDER = '{店铺名}';
/** Characters of one auto-reply text. */
export const SHOP_REPLY_TEXT_MAX = 500;
/** The away text goes out at most once per conversation per this many seconds (IM_SHOP_AWAY_SECONDS). */
export const SHOP_AWAY_SECONDS_DEFAULT = 3600;

/** A store's chat account (message/shopByChatId): `store_<id>`. */
export const shopChatUserID = (storeId: number) => `store_${storeId}`;
/** The store id of a shop chat account, or undefined for anyone else. */
export function storeIdOfChatUser(userID: string): number | undefined {
  const m = /^store_([1-9]\d{0,9})$/.exec(userID);
  const id = m ? Number(m[1]) : Number.NaN;
  return id <= MAX_ID ? id : undefined;
}

/** A template with `{店铺名}` filled in. */
export const fillShopName = (template: string, storeName: string) =>
  template.split(SHOP_NAME_PLACEHOLDER).join(storeName);

const StoreId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });
/** NUL bytes (which PostgreSQL cannot store) are refused. */
const ReplyText = Type.String({
  maxLength: SHOP_REPLY_TEXT_MAX,
  pattern: '^[^\\u0000]*$',
  errorId: 'SHOP_REPLY_TEXT_INVALID',
});

export const ShopReplyQuery = Type.Object({ storeId: StoreId });
export type ShopReplyQuery = Static<typeof ShopReplyQuery>;

/** Either text or both; a blank text ('' or spaces) puts the default back. */
export const ShopReplyBody = Type.Object({
  storeId: StoreId,
  welcomeText: Type.Optional(ReplyText),
  awayText: Type.Optional(ReplyText),
});
export type ShopReplyBody = Static<typeof ShopReplyBody>;

export const ShopReplySettings = Type.Object({
  storeId: Type.Integer(),
  storeName: Type.String(),
  /** The templates in force (the store's own, or the defaults), `{店铺名}` unfilled. */
  welcomeText: Type.String(),
  awayText: Type.String(),
  welcomeIsDefault: Type.Boolean(),
  awayIsDefault: Type.Boolean(),
  /** The away text goes out at most once per conversation per this many seconds. */
  awayIntervalSeconds: Type.Integer(),
});
export type ShopReplySettings = Static<typeof ShopReplySettings>;
