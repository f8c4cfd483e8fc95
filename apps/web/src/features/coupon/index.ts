/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const couponPages = {
  couponCenter: () => import('./pages/CouponCenterPage.tsx'),
  myCoupon: () => import('./pages/MyCouponPage.tsx'),
  couponGoods: () => import('./pages/CouponGoodsPage.tsx'),
} as const;
