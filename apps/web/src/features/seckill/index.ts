/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const seckillPages = {
  seckill: () => import('./pages/SeckillPage.tsx'),
  mySubscribe: () => import('./pages/MySubscribePage.tsx'),
  shopRush: () => import('./pages/ShopRushPage.tsx'),
} as const;
