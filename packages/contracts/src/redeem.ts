// Redeem codes (兑换码): operator batches of random codes, each giving a coupon, a red packet,
// points or a product (one unit as an order at ¥0 to the address chosen, shipping as any order)
// once. Codes are 16 Crockford base32 characters (80 random bits), shown grouped
// XXXX-XXXX-XXXX-XXXX; the server keeps only their keyed hash.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, NewOrderData, ORDER_NOTE_MAX } from './order/index.ts';

/** Operator defaults (env REDEEM_*). */
export const REDEEM_DEFAULTS = {
  /** Codes one batch may hold. */
  BATCH_MAX: 10_000,
  /** Wrong codes a user may enter per window, and all users behind one IP address. */
  USER_FAILS: 5,
  IP_FAILS: 50,
  /** The window of the wrong-code counters, and how long a user or address then waits. */
  FAIL_WINDOW_SECONDS: 900,
  /** From this many wrong codes of a user on, the answer says how many tries are left. */
  WARN_FAILS: 3,
} as const;

/** Crockford's base32 alphabet (no I, L, O, U). */
export const REDEEM_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REDEEM_CODE_LENGTH = 16;

/**
 * A code as typed or pasted, normalised: upper case, separators dropped, the look-alikes
 * I/L → 1 and O → 0 (Crockford). Answers null unless 16 alphabet characters remain.
 */
export function normalizeRedeemCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (s.length !== REDEEM_CODE_LENGTH) return null;
  for (const c of s) if (!REDEEM_ALPHABET.includes(c)) return null;
  return s;
}

/** XXXX-XXXX-XXXX-XXXX (a partial input grouped as far as it goes, for typing). */
export function formatRedeemCode(input: string): string {
  const s = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, REDEEM_CODE_LENGTH);
  return s.replace(/(.{4})(?=.)/g, '$1-');
}

export const REDEEM_KINDS = ['coupon', 'redpacket', 'points', 'product'] as const;
export type RedeemKind = (typeof REDEEM_KINDS)[number];
export const REDEEM_KIND_TEXT: Record<RedeemKind, string> = {
  coupon: '优惠券',
  redpacket: '红包',
  points: '积分',
  product: '商品',
};

const RedeemKindSchema = Type.Union([
  Type.Literal('coupon'),
  Type.Literal('redpacket'),
  Type.Literal('points'),
  Type.Literal('product'),
]);

/**
 * What a code gives: a coupon of a template, a red packet of `amount` fen, `amount` points, or
 * one unit of a SKU (`skuId`) as an order at ¥0.
 */
export const RedeemBatchBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 40, errorId: 'REDEEM_BATCH_INVALID' }),
  kind: Type.Union(
    [
      Type.Literal('coupon'),
      Type.Literal('redpacket'),
      Type.Literal('points'),
      Type.Literal('product'),
    ],
    { errorId: 'REDEEM_BATCH_INVALID' },
  ),
  couponTemplateId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'REDEEM_BATCH_INVALID' }),
  ),
  skuId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'REDEEM_BATCH_INVALID' }),
  ),
  amount: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, errorId: 'REDEEM_BATCH_INVALID' }),
  ),
  count: Type.Integer({ minimum: 1, maximum: 1_000_000, errorId: 'REDEEM_COUNT_INVALID' }),
  /** ISO time after which the codes no longer redeem. */
  expiresAt: Type.String({ minLength: 10, maxLength: 40, errorId: 'REDEEM_BATCH_INVALID' }),
});
export type RedeemBatchBody = Static<typeof RedeemBatchBody>;

export const RedeemBatch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: RedeemKindSchema,
  couponTemplateId: Type.Union([Type.Null(), Type.Integer()]),
  amount: Type.Union([Type.Null(), Type.Integer()]),
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  count: Type.Integer(),
  redeemed: Type.Integer(),
  expiresAt: Type.String(),
  /** When the plaintext codes were exported (they exist nowhere after that). */
  exportedAt: Type.Union([Type.Null(), Type.String()]),
  createdAt: Type.String(),
});
export type RedeemBatch = Static<typeof RedeemBatch>;

export const RedeemBatchIdBody = Type.Object({
  batchId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'REDEEM_BATCH_NOT_FOUND' }),
});
export type RedeemBatchIdBody = Static<typeof RedeemBatchIdBody>;

/** The one export of a batch: its codes, formatted. */
export const RedeemExportData = Type.Object({
  batchId: Type.Integer(),
  codes: Type.Array(Type.String()),
});
export type RedeemExportData = Static<typeof RedeemExportData>;

const CodeField = Type.String({ minLength: 1, maxLength: 40, errorId: 'REDEEM_CODE_INVALID' });

/**
 * 立即兑换. A product code also needs the address (`addressId`) and a client key (a retry with
 * the same key answers the same order); other kinds ignore them.
 */
export const RedeemBody = Type.Object({
  code: CodeField,
  addressId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'ADDRESS_REQUIRED' }),
  ),
  clientKey: Type.Optional(
    Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  ),
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type RedeemBody = Static<typeof RedeemBody>;

export const RedeemPreviewBody = Type.Object({ code: CodeField });
export type RedeemPreviewBody = Static<typeof RedeemPreviewBody>;

/** The product a product code gives, with what the order will cost (shipping only). */
export const RedeemProduct = Type.Object({
  skuId: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  /** The SKU's own price (what is saved). */
  originalPrice: Type.Integer(),
  /** The goods price of the order: 0. */
  price: Type.Integer(),
  /** The store's shipping fee for this order, paid at the cashier. */
  shippingFee: Type.Integer(),
  /** price + shippingFee. */
  payAmount: Type.Integer(),
  inStock: Type.Boolean(),
});
export type RedeemProduct = Static<typeof RedeemProduct>;

/** What a code would give, before it is redeemed (a product code then asks for the address). */
export const RedeemPreview = Type.Object({
  kind: RedeemKindSchema,
  title: Type.String(),
  batchName: Type.String(),
  expiresAt: Type.String(),
  product: Type.Union([Type.Null(), RedeemProduct]),
  /** A product code of this user whose order was cancelled unpaid: redeeming places it again. */
  again: Type.Boolean(),
});
export type RedeemPreview = Static<typeof RedeemPreview>;

const RedemptionFields = {
  id: Type.Integer(),
  kind: RedeemKindSchema,
  /** 满50减10 / 红包 ¥5.00 / 100 积分 / the product's title. */
  title: Type.String(),
  batchName: Type.String(),
  /** The code's last four characters (the rest is not kept). */
  codeTail: Type.String(),
  amount: Type.Union([Type.Null(), Type.Integer()]),
  couponTemplateId: Type.Union([Type.Null(), Type.Integer()]),
  /** A product code's order (the latest one placed with it), else null. */
  orderNo: Type.Union([Type.Null(), Type.String()]),
  /** The in-app page that uses it (我的优惠券 / 红包 / 积分 / the order). */
  link: Type.String(),
  redeemedAt: Type.String(),
};

/** One redemption: what the code gave and where to use it. */
export const Redemption = Type.Object(RedemptionFields);
export type Redemption = Static<typeof Redemption>;

/** The answer of 立即兑换: the redemption and, for a product code, the order to pay. */
export const RedeemData = Type.Object({
  ...RedemptionFields,
  /** The product code's order (pay its shipping at the cashier); null for other kinds. */
  order: Type.Union([Type.Null(), NewOrderData]),
  /** False when the client key named an earlier redemption of this code. */
  fresh: Type.Boolean(),
});
export type RedeemData = Static<typeof RedeemData>;

export const RedeemHistoryQuery = PagedQuery({});
export type RedeemHistoryQuery = Static<typeof RedeemHistoryQuery>;
