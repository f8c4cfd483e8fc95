/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const memberPages = {
  membersPay: () => import('./pages/MembersPayPage.tsx'),
  membersWebLink: () => import('./pages/MemberAgreementPage.tsx'),
  upgrade: () => import('./pages/UpgradePage.tsx'),
  upgradeWebLink: () => import('./pages/UpgradeAgreementPage.tsx'),
  fiveNinetyEight: () => import('./pages/FiveNinetyEightPage.tsx'),
  saveMoney: () => import('./pages/SaveMoneyPage.tsx'),
} as const;
