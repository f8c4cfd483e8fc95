import type { OrderLineInput, OrderTab } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post, postJson } from '../../core/api/client.ts';
import type { PreviewChoice } from '../../core/checkout.ts';
import { sharedKeys } from '../../core/sharedKeys.ts';

// Beside OrderLines, not in features/order: the live room's checkout, the review page, 我的's
// badges, the wallet's top-up and the prize orders call the order API too. order/api.ts
// re-exports all of it; orderKeys is the domain's one key factory.

export interface NewOrderInput {
  clientKey: string;
  addressId: number;
  items: OrderLineInput[];
  fromCart?: boolean;
  note?: string;
  /** The live room the order was placed from (its shelf). */
  liveRoomId?: number;
  /** Exactly what the last preview applied: its couponIds (absent: none). */
  couponIds?: number[];
  /** The red-packet switch as previewed (absent: no deduction). */
  useRedPacket?: boolean;
  /** The points switch as previewed (absent: no deduction). */
  usePoints?: boolean;
}

export type { PreviewChoice } from '../../core/checkout.ts';

/** What the coupon sheet asks for besides the choice: every coupon with its fit. */
export interface PreviewOptions {
  listCoupons?: boolean;
}

/**
 * Preview and submit go as JSON: a form body cannot tell an empty coupon list (不使用优惠券) from
 * an absent one (the server's best choice), nor carry the list itself.
 */
export const orderApi = {
  preview: (
    items: OrderLineInput[],
    addressId?: number,
    choice: PreviewChoice = {},
    options: PreviewOptions = {},
  ) =>
    postJson('order/preview', {
      items,
      addressId,
      couponIds: choice.couponIds,
      useRedPacket: choice.useRedPacket,
      usePoints: choice.usePoints,
      listCoupons: options.listCoupons,
    }),
  create: (input: NewOrderInput) => postJson('order/newAdd', input),
  /** The configured numbers writeOrder/rule states (red-packet share, shipping, pay time). */
  rules: () => get('wallet/rules'),
  list: ({
    status,
    pageNum,
    pageSize = 10,
  }: {
    status: OrderTab;
    pageNum: number;
    pageSize?: number;
  }) => get('order/list', { status, pageNum, pageSize }),
  detail: (orderNo: string) => get('order/queryByOrderId', { orderNo }),
  cancel: (orderNo: string) => post('order/cancel', { orderNo }),
  remove: (orderNo: string) => post('order/delete', { orderNo }),
  confirm: (orderNo: string) => post('order/newConfirm', { orderNo }),
  buyAgain: (orderNo: string) => post('order/buyAgain', { orderNo }),
  changeAddress: (orderNo: string, addressId: number) =>
    post('order/changeAddress', { orderNo, addressId }),
  /** The badges of 我的's order shortcuts (待付款 … 售后). */
  counts: () => get('order/statusCount'),
};

export const payApi = {
  payTypes: () => get('order/getPayType'),
  balance: () => get('account/queryBalance'),
  withBalance: (orderNo: string, payPassword: string) =>
    post('order/newBalancePay', { orderNo, payPassword }),
  /** Gateway payment: answers the sandbox cashier URL. */
  online: (orderNo: string) => post('order/newPay', { orderNo }),
  recharge: (amount: number) => post('account/recharge', { amount }),
  /** A top-up's state: pending until the gateway's notify credits the wallet. */
  rechargeStatus: (paymentNo: string) => get('account/rechargeStatus', { paymentNo }),
};

/** The order module's reads of the deal pages (prize orders placed by other features). */
export const orderFeatureApi = {
  dealShipping: (skuId: number) => get('order/dealShipping', { skuId }),
};

export const orderKeys = {
  orders: (tab: OrderTab) => ['order', 'list', tab] as const,
  order: (orderNo: string) => ['order', 'detail', orderNo] as const,
  allOrders: sharedKeys.allOrders,
  orderCounts: ['order', 'counts'] as const,
  payTypes: sharedKeys.payTypes,
  balance: sharedKeys.balance,
  dealShipping: (skuId: number) => ['order', 'dealShipping', skuId] as const,
};

export const orderQuery = (orderNo: string) =>
  queryOptions({ queryKey: orderKeys.order(orderNo), queryFn: () => orderApi.detail(orderNo) });

export const payTypesQuery = () =>
  queryOptions({ queryKey: orderKeys.payTypes, queryFn: payApi.payTypes });

/** 我的's order shortcut badges; under ['order'], so every order change refreshes them too. */
export const orderCountsQuery = () =>
  queryOptions({ queryKey: orderKeys.orderCounts, queryFn: orderApi.counts, staleTime: 0 });

export { balanceQuery } from '../../core/sharedKeys.ts';
