/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const livePages = {
  live: () => import('./pages/LivePage.tsx'),
  liveSearch: () => import('./pages/LiveSearchPage.tsx'),
  livePlay: () => import('./pages/LivePlayPage.tsx'),
  liveOver: () => import('./pages/LiveOverPage.tsx'),
  liveVideo: () => import('./pages/LiveVideoPage.tsx'),
} as const;
