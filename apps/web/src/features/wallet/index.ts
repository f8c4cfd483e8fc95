/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const walletPages = {
  assets: () => import('./pages/AssetsPage.tsx'),
  redPacket: () => import('./pages/RedPacketPage.tsx'),
  bill: () => import('./pages/BillPage.tsx'),
  withdrawRule: () => import('./pages/WithdrawRulePage.tsx'),
  redPacketRule: () => import('./pages/RedPacketRulePage.tsx'),
} as const;
