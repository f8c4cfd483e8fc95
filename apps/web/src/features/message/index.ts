/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const messagePages = {
  messages: () => import('./pages/MessageCenterPage.tsx'),
  systemMessages: () => import('./pages/SystemMessagesPage.tsx'),
  systemMessageDetail: () => import('./pages/SystemMessageDetailPage.tsx'),
  orderMessages: () => import('./pages/OrderMessagesPage.tsx'),
} as const;
