/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const farmPages = {
  farm: () => import('./pages/FarmPage.tsx'),
} as const;
