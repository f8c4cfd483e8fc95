import type { RefundType } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export interface RefundApplyInput {
  orderNo: string;
  skuId: number;
  type: RefundType;
  reason: string;
  amount: number;
  description?: string;
  images: string[];
}

/** After-sales: the images field travels as JSON text in a form body (what the contract accepts). */
export const aftersaleApi = {
  quote: (orderNo: string, skuId: number) => get('order/queryRefundMoney', { orderNo, skuId }),
  apply: ({ images, ...rest }: RefundApplyInput) =>
    post('order/refundApply', { ...rest, images: JSON.stringify(images) }),
  detail: (refundNo: string) => get('order/refundDetails', { refundNo }),
  ofOrder: (orderNo: string) => get('order/refundList', { orderNo, pageSize: 100 }),
  sendBack: (refundNo: string, carrier: string, trackingNo: string) =>
    post('order/returnOrder', { refundNo, carrier, trackingNo }),
  cancel: (refundNo: string) => post('order/cancelReturnOrder', { refundNo }),
};
