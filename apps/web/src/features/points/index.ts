/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const pointsPages = {
  integral: () => import('./pages/IntegralPage.tsx'),
  integralBill: () => import('./pages/MyBillPage.tsx'),
  integralRule: () => import('./pages/RulesPage.tsx'),
  integralShare: () => import('./pages/SharePage.tsx'),
  integralDraw: () => import('./draw/DrawPage.tsx'),
  integralDrawClaim: () => import('./draw/DrawClaimPage.tsx'),
  integralCards: () => import('./cards/CardsPage.tsx'),
  exchange: () => import('./exchange/pages/ExchangePage.tsx'),
} as const;
