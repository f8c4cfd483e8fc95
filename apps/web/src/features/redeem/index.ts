/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const redeemPages = {
  redeemCode: () => import('./pages/RedeemCodePage.tsx'),
} as const;
