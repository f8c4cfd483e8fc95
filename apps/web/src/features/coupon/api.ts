import type { CouponCenterQuery, MyCouponTab } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export type CouponCenterScope = NonNullable<CouponCenterQuery['scope']>;

/** Coupons (优惠券): the claim centre, a product's or store's coupons, my coupons, the new-user pack. */
export const couponApi = {
  /** `claimed` and `state` are filled in for a signed-in caller. */
  center: ({
    scope = 'all',
    pageNum,
    pageSize = 10,
  }: {
    scope?: CouponCenterScope;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/center', { scope, pageNum, pageSize }),
  /** The claimable templates that apply to a product (the detail page's 领券 row). */
  ofProduct: (productId: number) => get('coupon/product', { productId }),
  ofStore: (storeId: number) => get('coupon/store', { storeId }),
  claim: (templateId: number) => post('coupon/claim', { templateId }),
  newUserPack: () => get('coupon/newUserPack'),
  claimNewUserPack: () => post('coupon/newUserPack/claim'),
  /** 我的优惠券; `counts` carries every tab's total for the tab titles. */
  mine: ({
    status = 'unused',
    pageNum,
    pageSize = 10,
  }: {
    status?: MyCouponTab;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/mine', { status, pageNum, pageSize }),
  /** 去使用: the products one of my coupons applies to. */
  products: ({
    couponId,
    pageNum,
    pageSize = 10,
  }: {
    couponId: number;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/products', { couponId, pageNum, pageSize }),
};
