/** antd Tag colours of an after-sales request's state (售后 and the 订单 page): what waits stands out. */
export const REFUND_STATUS_COLOR: Record<string, string> = {
  pending: 'orange',
  approved: 'blue',
  returning: 'gold',
  refunding: 'processing',
  refunded: 'green',
  rejected: 'red',
  cancelled: 'default',
};
