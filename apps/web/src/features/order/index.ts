/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const orderPages = {
  writeOrder: () => import('./pages/WriteOrderPage.tsx'),
  orderRule: () => import('./pages/OrderRulePage.tsx'),
  pay: () => import('./pages/PayPage.tsx'),
  paySuccess: () => import('./pages/PaySuccessPage.tsx'),
  orders: () => import('./pages/OrderListPage.tsx'),
  orderInfo: () => import('./pages/OrderInfoPage.tsx'),
} as const;
