/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const settingsPages = {
  setting: () => import('./pages/SettingPage.tsx'),
  settingTwo: () => import('./pages/SettingTwoPage.tsx'),
  modifyMobile: () => import('./pages/ModifyMobilePage.tsx'),
  bindNewPhone: () => import('./pages/BindNewPhonePage.tsx'),
  modifyPassword: () => import('./pages/ModifyPasswordPage.tsx'),
  nameAuthentication: () => import('./pages/NameAuthPage.tsx'),
  choosePayType: () => import('./pages/ChoosePayTypePage.tsx'),
  aboutUs: () => import('./pages/AboutUsPage.tsx'),
} as const;
