import { queryOptions } from '@tanstack/react-query';
import { get } from './api/client.ts';

/**
 * The query keys several features invalidate: an order placed from live, seckill, bargain, farm,
 * game, points, redeem or the member pages refreshes every order list, and paying from the
 * balance refreshes it everywhere. ui/order/orderApi.ts builds orderKeys on these; the other features
 * use them here instead of importing the order feature.
 */
export const sharedKeys = {
  allOrders: ['order'] as const,
  balance: ['account', 'balance'] as const,
  /** The cashier's ways to pay, which carry the balance too. */
  payTypes: ['pay', 'types'] as const,
};

/** The account balance every cashier shows (order, live gifts, game, member, wallet). */
export const balanceQuery = () =>
  queryOptions({ queryKey: sharedKeys.balance, queryFn: () => get('account/queryBalance') });
