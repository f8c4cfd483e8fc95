/** The in-app pages that use what a code, a game or the mall gave. */
export const REWARD_LINKS = {
  coupon: '/pages/userMyCoupon/myCoupon',
  redpacket: '/pages/userMyAssets/redPacket',
  points: '/rootPages/integral/MyBill',
  /** A product's order (orderLink when its number is known). */
  product: '/pages/userMyOrder/allOrder',
} as const;

/** The order detail page of a prize's or a mall product's order. */
export const orderLink = (orderNo: string) =>
  `/pages/userMyOrder/orderInfo?orderNo=${encodeURIComponent(orderNo)}`;

/** ¥12.30 from fen. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
