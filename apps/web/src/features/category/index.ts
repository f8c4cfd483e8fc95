/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const categoryPages = {
  category: () => import('./pages/CategoryPage.tsx'),
} as const;
