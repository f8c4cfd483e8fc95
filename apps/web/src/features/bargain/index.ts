/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const bargainPages = {
  bargain: () => import('./pages/BargainPages.tsx'),
} as const;
