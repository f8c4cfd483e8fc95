/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const zonePages = {
  zoneHelpFarmers: () => import('./pages/HelpFarmersPage.tsx'),
  zoneSauceWine: () => import('./pages/SauceWinePage.tsx'),
  newPeopleReturn: () => import('./pages/NewPeopleReturnPage.tsx'),
  npnZone: () => import('./pages/NpnZonePage.tsx'),
  cpShopMall: () => import('./pages/MallPage.tsx'),
  cpShopMallSort: () => import('./pages/MallSortPage.tsx'),
  cpShopMallctivity: () => import('./pages/SpecialtyFoodPage.tsx'),
  homeShopsort: () => import('./pages/ShopSortPage.tsx'),
  nationalDay: () => import('./pages/NationalDayPage.tsx'),
  dailySale: () => import('./pages/DailySalePage.tsx'),
  share: () => import('./pages/SharePage.tsx'),
  userHelpRed: () => import('./pages/HelpRedPage.tsx'),
} as const;
