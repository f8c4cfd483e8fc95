/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const authPages = {
  login: () => import('./pages/LoginPage.tsx'),
  resetPwd: () => import('./pages/ResetPwdPage.tsx'),
} as const;
