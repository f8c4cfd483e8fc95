import type { ComponentType } from 'react';

// The chat's small pages share one chunk (pages/index.ts): one import instead of eleven keeps the
// entry small.
const chatPage =
  (name: keyof typeof import('./pages/index.ts')) => (): Promise<{ default: ComponentType }> =>
    import('./pages/index.ts').then((m) => ({ default: m[name] }));

/** The chat's routed pages; the others are rootPages/tim/<page> (loadChatTimPages). */
export const chatPages = {
  chatRoom: chatPage('ChatRoomPage'),
  previewImage: chatPage('PreviewImagePage'),
  openLocation: chatPage('OpenLocationPage'),
  chooseLocation: chatPage('ChooseLocationPage'),
} as const;

/**
 * rootPages/tim/<page>'s chat pages, for app/TimPages.tsx: the chat's small pages' chunk (which
 * holds them already) and 群公告, loaded beside the 问诊 pages' chunk.
 */
export const loadChatTimPages = () =>
  Promise.all([import('./pages/index.ts'), import('./pages/GroupNoticesPage.tsx')]).then(
    ([pages, notices]) => ({ ...pages, GroupNoticesPage: notices.default }),
  );
