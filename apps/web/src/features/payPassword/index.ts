/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const payPasswordPages = {
  setPayPassword: () => import('./pages/SetPayPasswordPage.tsx'),
  resetPayPassword: () => import('./pages/ResetPayPasswordPage.tsx'),
} as const;
