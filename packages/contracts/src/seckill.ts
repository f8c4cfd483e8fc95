// Request and response schemas of the flash sale (秒杀), its reminders and the captcha.
// Money is integer fen; times are ISO strings.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN } from './order/index.ts';

/** Operator defaults (each session may set its own). */
export const SECKILL_PAY_MINUTES = 5;
export const SECKILL_PER_USER_LIMIT = 1;
/** Subscribers are reminded this long before a session starts. */
export const SECKILL_REMIND_MINUTES = 3;
export const SECKILL_ITEMS_MAX = 50;
export const SECKILL_STOCK_MAX = 100_000;
/** A session lasts at most this long. */
export const SECKILL_SESSION_MAX_HOURS = 24;

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });

/**
 * upcoming: not started (即将开始); running: the latest session that has started (抢购中);
 * started: an earlier session still open (已开抢); ended: past its end.
 */
export const SECKILL_SESSION_STATES = ['upcoming', 'running', 'started', 'ended'] as const;
export type SeckillSessionState = (typeof SECKILL_SESSION_STATES)[number];
/** remind: 提醒我 (before start); buy: 马上抢; soldOut: 已抢光; ended: 已结束. */
export const SECKILL_ITEM_STATES = ['remind', 'buy', 'soldOut', 'ended'] as const;
export type SeckillItemState = (typeof SECKILL_ITEM_STATES)[number];

export const SeckillSession = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  state: Type.Union([
    Type.Literal('upcoming'),
    Type.Literal('running'),
    Type.Literal('started'),
    Type.Literal('ended'),
  ]),
  /** The tab label: 已开抢 / 抢购中 / 即将开始 / 已结束. */
  label: Type.String(),
  payMinutes: Type.Integer(),
});
export type SeckillSession = Static<typeof SeckillSession>;

export const SeckillItem = Type.Object({
  id: Type.Integer(),
  sessionId: Type.Integer(),
  productId: Type.Integer(),
  skuId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  /** The SKU's own price, struck through. */
  price: Type.Integer(),
  flashPrice: Type.Integer(),
  flashStock: Type.Integer(),
  /** Units taken (paid or awaiting payment). */
  sold: Type.Integer(),
  /** Sold share in whole percent, 0-100. */
  progress: Type.Integer(),
  perUserLimit: Type.Integer(),
  state: Type.Union([
    Type.Literal('remind'),
    Type.Literal('buy'),
    Type.Literal('soldOut'),
    Type.Literal('ended'),
  ]),
  /** Whether the caller has asked to be reminded (false when anonymous). */
  subscribed: Type.Boolean(),
  startAt: Type.String(),
  endAt: Type.String(),
});
export type SeckillItem = Static<typeof SeckillItem>;

export const SeckillSessionsData = Type.Object({
  /** Server time, for countdowns that do not trust the phone's clock. */
  now: Type.String(),
  list: Type.Array(SeckillSession),
});
export type SeckillSessionsData = Static<typeof SeckillSessionsData>;

export const SeckillItemsQuery = Type.Object({ sessionId: Id('SECKILL_SESSION_NOT_FOUND') });
export type SeckillItemsQuery = Static<typeof SeckillItemsQuery>;
export const SeckillItemsData = Type.Object({
  now: Type.String(),
  session: SeckillSession,
  list: Type.Array(SeckillItem),
});
export type SeckillItemsData = Static<typeof SeckillItemsData>;

export const SeckillItemQuery = Type.Object({ id: Id('SECKILL_NOT_FOUND') });
export type SeckillItemQuery = Static<typeof SeckillItemQuery>;
export const SeckillItemData = Type.Object({
  now: Type.String(),
  session: SeckillSession,
  item: SeckillItem,
  /** Units the caller holds of this item (paid or awaiting payment). */
  mine: Type.Integer(),
});
export type SeckillItemData = Static<typeof SeckillItemData>;

export const SeckillOfProductQuery = Type.Object({ productId: Id('PRODUCT_NOT_FOUND') });
export type SeckillOfProductQuery = Static<typeof SeckillOfProductQuery>;
/** The product detail's flash-sale strip: its open (else next) sale within a day, or null. */
export const SeckillOfProductData = Type.Union([SeckillItemData, Type.Null()]);
export type SeckillOfProductData = Static<typeof SeckillOfProductData>;

/** The home page's seckill banner: the running (else next) session and its first items. */
export const SeckillBannerData = Type.Object({
  now: Type.String(),
  session: Type.Union([SeckillSession, Type.Null()]),
  list: Type.Array(SeckillItem),
});
export type SeckillBannerData = Static<typeof SeckillBannerData>;

export const SeckillSubscribeBody = Type.Object({
  itemId: Id('SECKILL_NOT_FOUND'),
  /** Also remind by SMS to the account's phone. */
  sms: Type.Optional(Type.Boolean()),
});
export type SeckillSubscribeBody = Static<typeof SeckillSubscribeBody>;
export const SeckillUnsubscribeBody = Type.Object({ itemId: Id('SECKILL_NOT_FOUND') });
export type SeckillUnsubscribeBody = Static<typeof SeckillUnsubscribeBody>;

export const MySubscribeQuery = PagedQuery({});
export type MySubscribeQuery = Static<typeof MySubscribeQuery>;
export const MySubscription = Type.Object({
  item: SeckillItem,
  sms: Type.Boolean(),
  /** When the reminder went out, or null while still waiting. */
  remindedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type MySubscription = Static<typeof MySubscription>;

/** A flash purchase; the captcha ticket travels in the `ticket` header (SPEC §7). */
export const SeckillRushBody = Type.Object({
  itemId: Id('SECKILL_NOT_FOUND'),
  addressId: Id('ADDRESS_REQUIRED'),
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  note: Type.Optional(Type.String({ maxLength: 200, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type SeckillRushBody = Static<typeof SeckillRushBody>;

// --- captcha ---------------------------------------------------------------------------------

/** What a ticket may be spent on: `seckill:<itemId>`, or a bargain action (activities issue). */
export const CAPTCHA_ACTION_PATTERN = '^(seckill|bargain):[1-9][0-9]{0,9}$';
export const CaptchaChallengeQuery = Type.Object({
  action: Type.String({ pattern: CAPTCHA_ACTION_PATTERN, errorId: 'CAPTCHA_ACTION_INVALID' }),
});
export type CaptchaChallengeQuery = Static<typeof CaptchaChallengeQuery>;
/** An ALTCHA PoW v2 challenge as the widget takes it (`challenge` attribute, JSON). */
export const CaptchaChallengeData = Type.Object({
  parameters: Type.Record(Type.String(), Type.Unknown()),
  signature: Type.Optional(Type.String()),
});
export type CaptchaChallengeData = Static<typeof CaptchaChallengeData>;

// --- operator --------------------------------------------------------------------------------

export const SeckillItemInput = Type.Object({
  skuId: Id('SKU_NOT_FOUND'),
  flashPrice: Type.Integer({ minimum: 1, maximum: 100_000_000, errorId: 'SECKILL_PRICE_INVALID' }),
  flashStock: Type.Integer({
    minimum: 1,
    maximum: SECKILL_STOCK_MAX,
    errorId: 'SECKILL_STOCK_INVALID',
  }),
  perUserLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 99, errorId: 'SECKILL_ITEMS_INVALID' }),
  ),
});
export type SeckillItemInput = Static<typeof SeckillItemInput>;
export const SeckillSessionBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 30, errorId: 'SECKILL_TIME_INVALID' }),
  startAt: Type.String({ minLength: 10, maxLength: 40, errorId: 'SECKILL_TIME_INVALID' }),
  endAt: Type.String({ minLength: 10, maxLength: 40, errorId: 'SECKILL_TIME_INVALID' }),
  payMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 60, errorId: 'SECKILL_TIME_INVALID' }),
  ),
  items: Type.Array(SeckillItemInput, {
    minItems: 1,
    maxItems: SECKILL_ITEMS_MAX,
    errorId: 'SECKILL_ITEMS_INVALID',
  }),
});
export type SeckillSessionBody = Static<typeof SeckillSessionBody>;
export const SeckillSessionCreated = Type.Object({
  id: Type.Integer(),
  itemIds: Type.Array(Type.Integer()),
});
export type SeckillSessionCreated = Static<typeof SeckillSessionCreated>;
