/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const liveHostPages = {
  starUp: () => import('./pages/StarUpPage.tsx'),
  liveUser: () => import('./pages/LiveCentrePage.tsx'),
  liveNotice: () => import('./pages/LiveNoticePage.tsx'),
} as const;
