import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE_PER_STORE } from '@chaopin/contracts';

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
}

export interface PricedLine extends PriceInputLine {
  subtotal: number;
}

export interface StorePrice {
  storeId: number;
  storeName: string;
  items: PricedLine[];
  goodsAmount: number;
  shippingFee: number;
  payAmount: number;
}

export interface Pricing {
  stores: StorePrice[];
  goodsAmount: number;
  shippingFee: number;
  totalAmount: number;
  /** How much of the available balance would pay this order: min(balance, total), never negative. */
  balanceDeductible: number;
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

/**
 * Prices an order: lines grouped per store (stores in the order they first appear, lines in
 * input order), shipping per store, totals, and the balance deduction capped at the total.
 * Pure and integer-only (fen); throws on non-integer or negative money and quantities ≤ 0.
 */
export function priceOrder(
  lines: readonly PriceInputLine[],
  opts: { balance?: number; shipping?: ShippingRule } = {},
): Pricing {
  const rule = opts.shipping ?? DEFAULT_SHIPPING;
  const stores = new Map<number, StorePrice>();
  for (const line of lines) {
    if (!isFen(line.price)) throw new RangeError(`bad price ${line.price}`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new RangeError(`bad quantity ${line.quantity}`);
    }
    let store = stores.get(line.storeId);
    if (!store) {
      store = {
        storeId: line.storeId,
        storeName: line.storeName,
        items: [],
        goodsAmount: 0,
        shippingFee: 0,
        payAmount: 0,
      };
      stores.set(line.storeId, store);
    }
    const subtotal = line.price * line.quantity;
    store.items.push({ ...line, subtotal });
    store.goodsAmount += subtotal;
  }
  let goodsAmount = 0;
  let shippingFee = 0;
  for (const store of stores.values()) {
    store.shippingFee = shippingFor(store.goodsAmount, rule);
    store.payAmount = store.goodsAmount + store.shippingFee;
    goodsAmount += store.goodsAmount;
    shippingFee += store.shippingFee;
  }
  const totalAmount = goodsAmount + shippingFee;
  const balance = Math.max(0, Math.floor(opts.balance ?? 0));
  return {
    stores: [...stores.values()],
    goodsAmount,
    shippingFee,
    totalAmount,
    balanceDeductible: Math.min(balance, totalAmount),
  };
}
