/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const cartPages = {
  cart: () => import('./pages/CartPage.tsx'),
} as const;
