import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE_PER_STORE } from '@chaopin/contracts';
import { applyCoupons, type CouponForPricing, conflicting, spread } from './discount.ts';

/** One line to price: the SKU's current unit price (fen) times a quantity. */
export interface PriceInputLine {
  skuId: number;
  productId: number;
  storeId: number;
  storeName: string;
  title: string;
  skuName: string;
  image: string;
  price: number;
  quantity: number;
  /** For category coupons. */
  categoryId?: number;
  /** The list price when `price` is a member's price (what membership saves per unit). */
  listPrice?: number;
  /** 包邮: a store whose every line ships free pays no shipping. */
  freeShipping?: boolean;
}

export interface PricedLine extends PriceInputLine {
  subtotal: number;
  /** The line's share of the coupons, and of that the platform coupon's part. */
  discount: number;
  platformDiscount: number;
  /** The line's share of the red-packet deduction. */
  redPacket: number;
  /** The line's share of the points deduction: in fen, and the points that paid it. */
  pointsDeduct: number;
  points: number;
}

export interface StorePrice {
  storeId: number;
  storeName: string;
  items: PricedLine[];
  goodsAmount: number;
  shippingFee: number;
  discountAmount: number;
  platformDiscount: number;
  redPacketAmount: number;
  pointsAmount: number;
  pointsUsed: number;
  /** goods − discount − red packet − points + shipping. */
  payAmount: number;
}

export interface Pricing {
  stores: StorePrice[];
  goodsAmount: number;
  shippingFee: number;
  discountAmount: number;
  platformDiscount: number;
  redPacketDeduction: number;
  /** What the red-packet balance could deduct here (what `redPacketDeduction` is when used). */
  redPacketDeductible: number;
  /** Fen the points took off, the points that cost, and what the points could take off here. */
  pointsDeduction: number;
  pointsUsed: number;
  pointsDeductible: number;
  /** Per coupon id applied: what it took off each store's order. */
  couponShares: Map<number, Map<number, number>>;
  /** What is left to pay: goods − coupons − red packet − points + shipping. */
  totalAmount: number;
  /** How much of the available balance would pay this order: min(balance, total), never negative. */
  balanceDeductible: number;
}

/** The red-packet deduction: the buyer's red-packet balance pays at most a share of the goods. */
export interface RedPacketRule {
  balance: number;
  maxSharePercent: number;
  use: boolean;
}

/**
 * The points deduction (writeOrder/rule): `perYuan` points are worth ¥1, and points pay at most
 * `maxSharePercent` of what the coupons and the red packet left of the goods. The fen taken off
 * are a multiple of what one whole number of points is worth, so points and fen agree exactly.
 */
export interface PointsRule {
  /** The buyer's points balance. */
  balance: number;
  perYuan: number;
  maxSharePercent: number;
  use: boolean;
}

/** The operator's checkout rules for red packets and points (config). */
export interface CheckoutRules {
  redPacketSharePercent: number;
  pointsPerYuan: number;
  pointsSharePercent: number;
  /** DEAL_FREE_SHIPPING: a ¥0 deal (prize, 免单) ships free; 免费拿 means free. */
  freeDealShipping: boolean;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The fen points may take off (and the points that costs) given what is left of the goods. */
export function pointsDeductible(left: number, r: PointsRule): { fen: number; points: number } {
  if (!Number.isSafeInteger(r.perYuan) || r.perYuan <= 0) throw new RangeError('bad points rate');
  const step = 100 / gcd(100, r.perYuan);
  const byShare = Math.floor((Math.max(0, left) * r.maxSharePercent) / 100);
  const byBalance = Math.floor((Math.max(0, r.balance) * 100) / r.perYuan);
  const fen = Math.floor(Math.min(byShare, byBalance) / step) * step;
  return { fen, points: (fen * r.perYuan) / 100 };
}

/** A chosen coupon that cannot be used on these lines (or breaks the one-per-store rule). */
export class DiscountRefused extends Error {
  constructor(
    readonly error: 'COUPON_UNUSABLE' | 'COUPON_CONFLICT',
    readonly reason: string,
  ) {
    super(reason);
  }
}

function perStore(
  shares: ReadonlyMap<number, readonly number[]>,
  lines: readonly PriceInputLine[],
): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const [couponId, perLine] of shares) {
    const stores = new Map<number, number>();
    perLine.forEach((share, i) => {
      const storeId = lines[i]?.storeId;
      if (share > 0 && storeId !== undefined)
        stores.set(storeId, (stores.get(storeId) ?? 0) + share);
    });
    out.set(couponId, stores);
  }
  return out;
}

export interface ShippingRule {
  freeFrom: number;
  fee: number;
}

/** writeOrder/rule: shipping is charged per store, ¥8, free from ¥99 of that store's goods. */
export const DEFAULT_SHIPPING: ShippingRule = {
  freeFrom: FREE_SHIPPING_THRESHOLD,
  fee: SHIPPING_FEE_PER_STORE,
};

const isFen = (n: number) => Number.isSafeInteger(n) && n >= 0;

export function shippingFor(goodsAmount: number, rule: ShippingRule = DEFAULT_SHIPPING): number {
  return goodsAmount >= rule.freeFrom ? 0 : rule.fee;
}

/** Whether a one-unit deal at this price ships free whatever its SKU says. */
export function dealShipsFree(price: number, freeDealShipping: boolean): boolean {
  return freeDealShipping && price === 0;
}

/**
 * A deal order's shipping (one line at `price`), as placement charges it: what every confirm
 * page shows before the user commits.
 */
export function dealShipping(
  price: number,
  skuFreeShipping: boolean,
  freeDealShipping: boolean,
): number {
  return skuFreeShipping || dealShipsFree(price, freeDealShipping) ? 0 : shippingFor(price);
}

/**
 * Prices an order: lines grouped per store (stores in the order they first appear, lines in
 * input order), shipping per store (on the list amount; none when every line ships free), the chosen coupons (stores' first, then
 * the platform's, each spread over its lines to the fen), the red-packet deduction (at most its
 * share of what the coupons left, spread the same way), the points deduction (at most its share
 * of what the red packet left, spread the same way), totals, and the balance deduction capped
 * at the total. Pure and integer-only (fen); throws on non-integer or negative money and
 * quantities ≤ 0, and DiscountRefused when a chosen coupon cannot be used here.
 */
export function priceOrder(
  lines: readonly PriceInputLine[],
  opts: {
    balance?: number;
    shipping?: ShippingRule;
    coupons?: readonly CouponForPricing[];
    redPacket?: RedPacketRule;
    points?: PointsRule;
    now?: Date;
  } = {},
): Pricing {
  const rule = opts.shipping ?? DEFAULT_SHIPPING;
  for (const line of lines) {
    if (!isFen(line.price)) throw new RangeError(`bad price ${line.price}`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new RangeError(`bad quantity ${line.quantity}`);
    }
  }
  const subtotals = lines.map((l) => l.price * l.quantity);
  const coupons = opts.coupons ?? [];
  if (conflicting(coupons)) {
    throw new DiscountRefused('COUPON_CONFLICT', '每个店铺只能使用一张店铺券，平台券每单限用一张');
  }
  const applied = applyCoupons(
    coupons,
    lines.map((l, i) => ({ ...l, subtotal: subtotals[i] ?? 0 })),
    opts.now ?? new Date(),
  );
  if (applied.refused) throw new DiscountRefused('COUPON_UNUSABLE', applied.refused.reason);
  const afterCoupons = applied.net.reduce((s, n) => s + n, 0);
  const rp = opts.redPacket;
  const redPacketDeductible = rp
    ? Math.max(0, Math.min(rp.balance, Math.floor((afterCoupons * rp.maxSharePercent) / 100)))
    : 0;
  const redPacketDeduction = rp?.use ? redPacketDeductible : 0;
  const redShares = spread(redPacketDeduction, applied.net);
  const afterRed = applied.net.map((n, i) => n - (redShares[i] ?? 0));
  const pointsOffer = opts.points
    ? pointsDeductible(afterCoupons - redPacketDeduction, opts.points)
    : { fen: 0, points: 0 };
  const pointsDeduction = opts.points?.use ? pointsOffer.fen : 0;
  const pointsUsed = opts.points?.use ? pointsOffer.points : 0;
  const pointFen = spread(pointsDeduction, afterRed);
  // Points per line follow the fen; scaled weights keep the total within them at any rate.
  const pointShares = spread(
    pointsUsed,
    pointFen.map((f) => f * (opts.points?.perYuan ?? 1)),
  );

  const stores = new Map<number, StorePrice>();
  lines.forEach((line, i) => {
    let store = stores.get(line.storeId);
    if (!store) {
      store = {
        storeId: line.storeId,
        storeName: line.storeName,
        items: [],
        goodsAmount: 0,
        shippingFee: 0,
        discountAmount: 0,
        platformDiscount: 0,
        redPacketAmount: 0,
        pointsAmount: 0,
        pointsUsed: 0,
        payAmount: 0,
      };
      stores.set(line.storeId, store);
    }
    const subtotal = subtotals[i] ?? 0;
    const discount = applied.discount[i] ?? 0;
    const platformDiscount = applied.platform[i] ?? 0;
    const redPacket = redShares[i] ?? 0;
    const pointsDeduct = pointFen[i] ?? 0;
    const points = pointShares[i] ?? 0;
    store.items.push({
      ...line,
      subtotal,
      discount,
      platformDiscount,
      redPacket,
      pointsDeduct,
      points,
    });
    store.goodsAmount += subtotal;
    store.discountAmount += discount;
    store.platformDiscount += platformDiscount;
    store.redPacketAmount += redPacket;
    store.pointsAmount += pointsDeduct;
    store.pointsUsed += points;
  });
  let goodsAmount = 0;
  let shippingFee = 0;
  let discountAmount = 0;
  let platformDiscount = 0;
  let totalAmount = 0;
  for (const store of stores.values()) {
    store.shippingFee = store.items.every((i) => i.freeShipping)
      ? 0
      : shippingFor(store.goodsAmount, rule);
    store.payAmount =
      store.goodsAmount -
      store.discountAmount -
      store.redPacketAmount -
      store.pointsAmount +
      store.shippingFee;
    goodsAmount += store.goodsAmount;
    shippingFee += store.shippingFee;
    discountAmount += store.discountAmount;
    platformDiscount += store.platformDiscount;
    totalAmount += store.payAmount;
  }
  const balance = Math.max(0, Math.floor(opts.balance ?? 0));
  return {
    stores: [...stores.values()],
    goodsAmount,
    shippingFee,
    discountAmount,
    platformDiscount,
    redPacketDeduction,
    redPacketDeductible,
    pointsDeduction,
    pointsUsed,
    pointsDeductible: pointsOffer.fen,
    couponShares: perStore(applied.shares, lines),
    totalAmount,
    balanceDeductible: Math.min(balance, totalAmount),
  };
}
