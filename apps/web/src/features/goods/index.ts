/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const goodsPages = {
  product: () => import('./pages/ProductDetailPage.tsx'),
  store: () => import('./pages/StorePage.tsx'),
  storeInfo: () => import('./pages/StoreInfoPage.tsx'),
  storeLicense: () => import('./pages/StoreLicensePage.tsx'),
  evaluations: () => import('./pages/EvaluationsPage.tsx'),
  productVideo: () => import('./pages/VideoPlayPage.tsx'),
} as const;
