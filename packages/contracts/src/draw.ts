// The lucky draw (幸运抽奖): an operator's wheel of 6–8 prizes (coupons, red packets, points, a
// product, 谢谢参与), each with a weight and a stock. A spin is paid by the day's free spins, an
// earned chance or points; the prize is drawn by weight among those still in stock and given in
// the spin's transaction. A product prize is claimed later as a ¥0 order with an address.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, ORDER_NOTE_MAX } from './order/index.ts';

/** Operator defaults: a new wheel's (env-free, per wheel) and the order reward (env DRAW_*). */
export const DRAW_DEFAULTS = {
  /** Points one spin costs once the free spins and chances are used up. */
  POINTS_COST: 50,
  /** Free spins per user and China-time day. */
  FREE_PER_DAY: 1,
  /** Chances earned by the first paid order of a China-time day (0: none). */
  ORDER_CHANCES: 1,
} as const;

/** A wheel has this many slots, at least and at most. */
export const DRAW_SLOTS_MIN = 6;
export const DRAW_SLOTS_MAX = 8;

export const DRAW_PRIZE_KINDS = ['coupon', 'redpacket', 'points', 'product', 'nothing'] as const;
export type DrawPrizeKind = (typeof DRAW_PRIZE_KINDS)[number];
export const DRAW_COST_KINDS = ['free', 'chance', 'points'] as const;
export type DrawCostKind = (typeof DRAW_COST_KINDS)[number];
export const DRAW_COST_TEXT: Record<DrawCostKind, string> = {
  free: '免费抽奖',
  chance: '抽奖机会',
  points: '积分抽奖',
};
/** The title of a spin that won nothing. */
export const DRAW_NOTHING_TITLE = '谢谢参与';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const ClientKey = Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' });
const Invalid = { errorId: 'DRAW_INVALID' };

/** admin: one slot of a wheel. Exactly the field of its kind: template, amount or SKU. */
export const DrawPrizeBody = Type.Object({
  kind: Type.Enum([...DRAW_PRIZE_KINDS], Invalid),
  /** Shown on the wheel; defaults to the prize's own name. */
  title: Type.Optional(Type.String({ maxLength: 20, ...Invalid })),
  couponTemplateId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, ...Invalid })),
  /** A red packet's fen or a points prize's points. */
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, ...Invalid })),
  skuId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, ...Invalid })),
  /** Probability = weight / the sum of the weights of the prizes still in stock. */
  weight: Type.Integer({ minimum: 0, maximum: 1_000_000, ...Invalid }),
  /** Units left; null (or absent) = unlimited, only for points and 谢谢参与. */
  stock: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10_000_000, ...Invalid })]),
  ),
});
export type DrawPrizeBody = Static<typeof DrawPrizeBody>;

/** admin: a new wheel (and, with its id, the update of one: prizes replaced slot by slot). */
export const DrawWheelBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 40, ...Invalid }),
  pointsCost: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, ...Invalid })),
  freePerDay: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, ...Invalid })),
  /** ISO times of the active window; absent: from now, without end. */
  startsAt: Type.Optional(Type.String({ minLength: 10, maxLength: 40, ...Invalid })),
  endsAt: Type.Optional(
    Type.Union([Type.Null(), Type.String({ minLength: 10, maxLength: 40, ...Invalid })]),
  ),
  rules: Type.Optional(Type.String({ maxLength: 1000, ...Invalid })),
  prizes: Type.Array(DrawPrizeBody, {
    minItems: DRAW_SLOTS_MIN,
    maxItems: DRAW_SLOTS_MAX,
    ...Invalid,
  }),
});
export type DrawWheelBody = Static<typeof DrawWheelBody>;
export const DrawWheelUpdateBody = Type.Object({
  id: Id('DRAW_NOT_FOUND'),
  ...DrawWheelBody.properties,
});
export type DrawWheelUpdateBody = Static<typeof DrawWheelUpdateBody>;
export const DrawCreatedData = Type.Object({ id: Type.Integer() });
export type DrawCreatedData = Static<typeof DrawCreatedData>;

/** admin: give a user chances, once per client key. */
export const DrawChancesBody = Type.Object({
  userId: Id('DRAW_USER_NOT_FOUND'),
  count: Type.Integer({ minimum: 1, maximum: 100, errorId: 'DRAW_CHANCES_INVALID' }),
  clientKey: ClientKey,
});
export type DrawChancesBody = Static<typeof DrawChancesBody>;
export const DrawChancesData = Type.Object({
  /** The user's chances now. */
  chances: Type.Integer(),
  /** False when the key gave its chances before. */
  fresh: Type.Boolean(),
});
export type DrawChancesData = Static<typeof DrawChancesData>;

export const DrawWheelQuery = Type.Object({
  /** Absent: the wheel running now. */
  id: Type.Optional(Id('DRAW_NOT_FOUND')),
});
export type DrawWheelQuery = Static<typeof DrawWheelQuery>;

export const DrawPrizeView = Type.Object({
  id: Type.Integer(),
  slot: Type.Integer(),
  kind: Type.Enum([...DRAW_PRIZE_KINDS]),
  title: Type.String(),
  /** Product prizes: the picture. */
  image: Type.Union([Type.Null(), Type.String()]),
  /** All units given (a limited prize): it can no longer be drawn. */
  soldOut: Type.Boolean(),
});
export type DrawPrizeView = Static<typeof DrawPrizeView>;

export const DrawWheelData = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  rules: Type.String(),
  pointsCost: Type.Integer(),
  freePerDay: Type.Integer(),
  startsAt: Type.String(),
  endsAt: Type.Union([Type.Null(), Type.String()]),
  open: Type.Boolean(),
  prizes: Type.Array(DrawPrizeView),
  /** Mine: free spins left today (China time), earned chances, points. */
  freeLeft: Type.Integer(),
  chances: Type.Integer(),
  balance: Type.Integer(),
  /** Chances a day's first paid order earns. */
  orderChances: Type.Integer(),
});
export type DrawWheelData = Static<typeof DrawWheelData>;

export const DrawSpinBody = Type.Object({
  wheelId: Id('DRAW_NOT_FOUND'),
  clientKey: ClientKey,
});
export type DrawSpinBody = Static<typeof DrawSpinBody>;

export const DrawResultView = Type.Object({
  id: Type.Integer(),
  wheelId: Type.Integer(),
  /** The wheel slot it landed on (null: 谢谢参与 of a wheel without such a slot). */
  prizeId: Type.Union([Type.Null(), Type.Integer()]),
  slot: Type.Union([Type.Null(), Type.Integer()]),
  kind: Type.Enum([...DRAW_PRIZE_KINDS]),
  title: Type.String(),
  amount: Type.Union([Type.Null(), Type.Integer()]),
  costKind: Type.Enum([...DRAW_COST_KINDS]),
  costPoints: Type.Integer(),
  /** Where to use it (my coupons, red packets, the bill, the prize order). */
  link: Type.Union([Type.Null(), Type.String()]),
  /** A product prize: claimed once its ¥0 order is placed. */
  orderNo: Type.Union([Type.Null(), Type.String()]),
  /** A product prize's SKU (its order's shipping is asked with it before the claim). */
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  createdAt: Type.String(),
});
export type DrawResultView = Static<typeof DrawResultView>;

export const DrawSpinData = Type.Object({
  result: DrawResultView,
  /** False when the client key named an earlier spin (its result is the answer). */
  fresh: Type.Boolean(),
  freeLeft: Type.Integer(),
  chances: Type.Integer(),
  balance: Type.Integer(),
});
export type DrawSpinData = Static<typeof DrawSpinData>;

export const DrawResultsQuery = PagedQuery({ wheelId: Type.Optional(Id('DRAW_NOT_FOUND')) });
export type DrawResultsQuery = Static<typeof DrawResultsQuery>;
export const DrawResultsPage = Type.Object({
  list: Type.Array(DrawResultView),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type DrawResultsPage = Static<typeof DrawResultsPage>;

/** A product prize's ¥0 order to the address (the store's shipping paid at the cashier). */
export const DrawClaimBody = Type.Object({
  resultId: Id('DRAW_RESULT_NOT_FOUND'),
  addressId: Id('ADDRESS_REQUIRED'),
  clientKey: ClientKey,
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type DrawClaimBody = Static<typeof DrawClaimBody>;

export const DrawAdminResultsQuery = PagedQuery({ wheelId: Id('DRAW_NOT_FOUND') });
export type DrawAdminResultsQuery = Static<typeof DrawAdminResultsQuery>;
export const DrawAdminResult = Type.Object({
  ...DrawResultView.properties,
  userId: Type.Integer(),
});
export type DrawAdminResult = Static<typeof DrawAdminResult>;
export const DrawAdminResultsPage = Type.Object({
  list: Type.Array(DrawAdminResult),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** Every prize with its stock left, for the operator. */
  prizes: Type.Array(
    Type.Object({
      ...DrawPrizeView.properties,
      weight: Type.Integer(),
      stock: Type.Union([Type.Null(), Type.Integer()]),
      won: Type.Integer(),
    }),
  ),
});
export type DrawAdminResultsPage = Static<typeof DrawAdminResultsPage>;
