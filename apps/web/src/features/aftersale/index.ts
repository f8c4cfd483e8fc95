/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const aftersalePages = {
  refundApply: () => import('./pages/RefundApplyPage.tsx'),
  refundDetail: () => import('./pages/RefundDetailPage.tsx'),
} as const;
