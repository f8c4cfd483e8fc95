/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const gamePages = {
  game: () => import('./pages/GamePage.tsx'),
  gameOrder: () => import('./pages/OrderPage.tsx'),
  gamePay: () => import('./pages/PayPage.tsx'),
  gameInviter: () => import('./pages/InviterPage.tsx'),
  gameInfo: () => import('./pages/InfoPage.tsx'),
} as const;
