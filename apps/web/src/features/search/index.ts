/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const searchPages = {
  search: () => import('./pages/SearchPage.tsx'),
} as const;
