/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const goddessPages = {
  goddess: () => import('./pages/GoddessPage.tsx'),
  goddessMyInviter: () => import('./pages/MyInviterPage.tsx'),
  goddessDeduction: () => import('./pages/DeductionDetailPage.tsx'),
} as const;
