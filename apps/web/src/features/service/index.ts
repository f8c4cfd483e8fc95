/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const servicePages = {
  feedback: () => import('./pages/FeedbackPage.tsx'),
  contactUs: () => import('./pages/ContactUsPage.tsx'),
  report: () => import('./pages/ReportPage.tsx'),
  rule: () => import('./pages/RulePage.tsx'),
  userRule: () => import('./pages/UserRulePage.tsx'),
  agreement: () => import('./pages/AgreementPage.tsx'),
  privacy: () => import('./pages/PrivacyPage.tsx'),
  webLink: () => import('./pages/WebLinkPage.tsx'),
} as const;
