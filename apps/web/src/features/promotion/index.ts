/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const promotionPages = {
  moneyStrategy: () => import('./pages/MoneyStrategyPage.tsx'),
  myTeam: () => import('./pages/MyTeamPage.tsx'),
  myExtension: () => import('./pages/MyExtensionPage.tsx'),
  myProfit: () => import('./pages/MyProfitPage.tsx'),
  incomeDetail: () => import('./pages/IncomeDetailPage.tsx'),
  inviteFriend: () => import('./pages/InviteFriendPage.tsx'),
  userQR: () => import('./pages/UserQrPage.tsx'),
  promotion: () => import('./pages/PromotionPage.tsx'),
  cashWithdrawal: () => import('./pages/CashWithdrawalPage.tsx'),
  withdrawRecords: () => import('./pages/WithdrawRecordsPage.tsx'),
  alipayNumber: () => import('./pages/AlipayNumberPage.tsx'),
  successfulWithdrawals: () => import('./pages/WithdrawResultPage.tsx'),
} as const;
