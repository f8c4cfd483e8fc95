import type { NewOrderData } from '@chaopin/contracts';
import { PATHS } from './pageConfig.ts';

/** What the cashier needs to show an order before fetching it; only orderNo is required. */
export interface PayPageTarget {
  /** A submit's pay number, or one order's number. */
  orderNo: string;
  amount?: number;
  expiresAt?: string | null;
  /** The orders the payment covers; the cashier watches the first for the paid state. */
  orders?: readonly string[];
}

/**
 * The one place the cashier's URL is built. Passing a placed order (a submit's answer) sends its
 * pay number, amount, expiry and orders, so the cashier renders without a round trip.
 */
export function payPagePath(target: PayPageTarget | NewOrderData): string {
  const t: PayPageTarget =
    'payNo' in target
      ? {
          orderNo: target.payNo,
          amount: target.payAmount,
          expiresAt: target.expiresAt,
          orders: target.orderNos,
        }
      : target;
  const query = new URLSearchParams({ orderNo: t.orderNo });
  if (t.amount !== undefined) query.set('amount', String(t.amount));
  if (t.expiresAt) query.set('expiresAt', t.expiresAt);
  if (t.orders) query.set('orders', t.orders.join(','));
  return `${PATHS.pay}?${query}`;
}
