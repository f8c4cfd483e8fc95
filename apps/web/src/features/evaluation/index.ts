/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const evaluationPages = {
  evaluate: () => import('./pages/EvaluatePage.tsx'),
  evaluateSuccess: () => import('./pages/EvaluateSuccessPage.tsx'),
} as const;
