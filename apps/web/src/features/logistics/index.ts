/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const logisticsPages = {
  logistics: () => import('./pages/LogisticsPage.tsx'),
} as const;
