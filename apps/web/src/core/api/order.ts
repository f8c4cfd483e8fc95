import type {
  BalanceData,
  BuyAgainData,
  GatewayPayData,
  NewOrderData,
  OrderCountData,
  OrderDetail,
  OrderLineInput,
  OrderPreviewData,
  OrderSummary,
  OrderTab,
  PageOf,
  PayResultData,
  PayTypeData,
  RechargeStatusData,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

export interface NewOrderInput {
  clientKey: string;
  addressId: number;
  items: OrderLineInput[];
  fromCart?: boolean;
  note?: string;
  /** The live room the order was placed from (its shelf). */
  liveRoomId?: number;
}

/** The items field travels as JSON text in a form body (what the contract accepts). */
export const orderApi = {
  preview: (items: OrderLineInput[], addressId?: number) =>
    post<OrderPreviewData>('order/preview', { items: JSON.stringify(items), addressId }),
  create: ({ items, ...rest }: NewOrderInput) =>
    post<NewOrderData>('order/newAdd', { ...rest, items: JSON.stringify(items) }),
  list: ({
    status,
    pageNum,
    pageSize = 10,
  }: {
    status: OrderTab;
    pageNum: number;
    pageSize?: number;
  }) => get<PageOf<OrderSummary>>('order/list', { status, pageNum, pageSize }),
  detail: (orderNo: string) => get<OrderDetail>('order/queryByOrderId', { orderNo }),
  cancel: (orderNo: string) => post<null>('order/cancel', { orderNo }),
  remove: (orderNo: string) => post<null>('order/delete', { orderNo }),
  confirm: (orderNo: string) => post<null>('order/newConfirm', { orderNo }),
  buyAgain: (orderNo: string) => post<BuyAgainData>('order/buyAgain', { orderNo }),
  changeAddress: (orderNo: string, addressId: number) =>
    post<OrderDetail>('order/changeAddress', { orderNo, addressId }),
  /** The badges of 我的's order shortcuts (待付款 … 售后). */
  counts: () => get<OrderCountData>('order/statusCount'),
};

export const payApi = {
  payTypes: () => get<PayTypeData>('order/getPayType'),
  balance: () => get<BalanceData>('account/queryBalance'),
  withBalance: (orderNo: string, payPassword: string) =>
    post<PayResultData>('order/newBalancePay', { orderNo, payPassword }),
  /** Gateway payment: answers the sandbox cashier URL. */
  online: (orderNo: string) => post<GatewayPayData>('order/newPay', { orderNo }),
  recharge: (amount: number) => post<GatewayPayData>('account/recharge', { amount }),
  /** A top-up's state: pending until the gateway's notify credits the wallet. */
  rechargeStatus: (paymentNo: string) =>
    get<RechargeStatusData>('account/rechargeStatus', { paymentNo }),
};
