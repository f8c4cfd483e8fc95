/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const userPages = {
  my: () => import('./pages/MyPage.tsx'),
  userInfo: () => import('./pages/UserInfoPage.tsx'),
  collection: () => import('./pages/CollectionPage.tsx'),
  footprint: () => import('./pages/FootprintPage.tsx'),
  follow: () => import('./pages/FollowPage.tsx'),
} as const;
