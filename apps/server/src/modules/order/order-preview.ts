import {
  FREE_SHIPPING_THRESHOLD,
  type OrderLineInput,
  type OrderPreviewBody,
  type OrderPreviewData,
  SHIPPING_FEE_PER_STORE,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/errors.ts';
import { mergeLines, type StockService } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { chooseCoupons, couponSheet } from './checkout-coupons.ts';
import type { CouponPort } from './coupon-port.ts';
import { atMemberPrice, type MemberPort, memberSaving } from './member-price.ts';
import type { OrderPorts } from './order.service.ts';
import { parseLines } from './order-lines.ts';
import { toPreviewStores } from './order-view.ts';
import {
  type CheckoutRules,
  DiscountRefused,
  type PriceInputLine,
  type Pricing,
  priceOrder,
} from './pricing.ts';

/** What the checkout preview reads: prices, balances, the wallet's coupons, member prices. */
export interface PreviewContext {
  db: Db;
  stock: StockService;
  ledger: Ledger;
  ports: OrderPorts;
  rules: CheckoutRules;
  coupons: CouponPort;
  members: MemberPort;
}

/** Lines at today's prices (a member's price for a member); unknown, off-shelf or short SKUs are errors. */
async function priceLines(
  ctx: PreviewContext,
  userId: number,
  lines: OrderLineInput[],
): Promise<PriceInputLine[]> {
  const merged = mergeLines(lines);
  const [skus, members] = await Promise.all([
    ctx.stock.skus(merged.map((l) => l.skuId)),
    ctx.members.percents(ctx.db, [userId]),
  ]);
  const percent = members.get(userId);
  return merged.map((l) => {
    const sku = skus.get(l.skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    if (!sku.onShelf) throw new AppError('PRODUCT_OFF_SHELF');
    if (sku.stock < l.quantity) throw new AppError('STOCK_NOT_ENOUGH');
    return atMemberPrice({ ...sku, quantity: l.quantity }, percent);
  });
}

/**
 * writeOrder: the lines priced with the coupons (the best combination unless the request names
 * them) and the red packet, and every coupon of the wallet with whether it fits and why not.
 */
export async function previewOrder(
  ctx: PreviewContext,
  userId: number,
  body: OrderPreviewBody,
): Promise<OrderPreviewData> {
  const lines = parseLines(body.items);
  const now = new Date();
  const [address, balance, redBalance, pointsBalance, wallet, input] = await Promise.all([
    body.addressId === undefined
      ? ctx.ports.defaultAddress(userId)
      : ctx.ports.findAddress(userId, body.addressId),
    ctx.ledger.balanceOf(userId),
    ctx.ledger.redPacketBalanceOf(userId),
    ctx.ledger.pointsOf(userId),
    ctx.coupons.wallet(userId, now),
    priceLines(ctx, userId, lines),
  ]);
  if (body.addressId !== undefined && !address) throw new AppError('ADDRESS_REQUIRED');
  const discountLines = input.map((l) => ({ ...l, subtotal: l.price * l.quantity }));
  const chosen = chooseCoupons(wallet, discountLines, now, body.couponIds);
  const useRedPacket = body.useRedPacket ?? redBalance > 0;
  const usePoints = Boolean(body.usePoints);
  let p: Pricing;
  try {
    p = priceOrder(input, {
      balance,
      coupons: chosen,
      redPacket: {
        balance: redBalance,
        maxSharePercent: ctx.rules.redPacketSharePercent,
        use: useRedPacket,
      },
      points: {
        balance: pointsBalance,
        perYuan: ctx.rules.pointsPerYuan,
        maxSharePercent: ctx.rules.pointsSharePercent,
        use: usePoints,
      },
      now,
    });
  } catch (err) {
    if (err instanceof DiscountRefused) throw new AppError(err.error, { reason: err.reason });
    throw err;
  }
  const sheet = couponSheet(wallet, discountLines, now, chosen, Boolean(body.listCoupons));
  return {
    address,
    stores: toPreviewStores(p),
    goodsAmount: p.goodsAmount,
    shippingFee: p.shippingFee,
    totalAmount: p.totalAmount,
    balance,
    balanceDeductible: p.balanceDeductible,
    freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
    shippingFeePerStore: SHIPPING_FEE_PER_STORE,
    coupons: sheet.coupons,
    couponCounts: sheet.counts,
    couponIds: chosen.map((c) => c.id),
    discountAmount: p.discountAmount,
    platformDiscount: p.platformDiscount,
    redPacketBalance: redBalance,
    redPacketDeduction: p.redPacketDeduction,
    redPacketDeductible: p.redPacketDeductible,
    useRedPacket,
    redPacketMaxSharePercent: ctx.rules.redPacketSharePercent,
    pointsBalance,
    pointsDeduction: p.pointsDeduction,
    pointsUsed: p.pointsUsed,
    pointsDeductible: p.pointsDeductible,
    usePoints,
    pointsPerYuan: ctx.rules.pointsPerYuan,
    pointsMaxSharePercent: ctx.rules.pointsSharePercent,
    memberSaving: p.stores.reduce(
      (sum, st) => sum + st.items.reduce((s, i) => s + memberSaving(i), 0),
      0,
    ),
  };
}
