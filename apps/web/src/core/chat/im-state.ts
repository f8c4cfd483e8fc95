import { create } from 'zustand';

/**
 * The part of the chat state the entry chunk needs (the tab-bar dot). It is tiny
 * on purpose: the IM SDK lives in a lazy chunk (chat-boot.ts) that writes here once it runs, so
 * the home route never carries the SDK or its socket library.
 */
export interface ImState {
  /** SPEC §2: any conversation has unread messages → red dot on the fourth tab. */
  hasUnread: boolean;
}

export const useImState = create<ImState>()(() => ({
  hasUnread: false,
  unreadTotal: 0,
  net: 'idle',
}));

/** Starts the chat client (lazy chunk); failures wait for the next page that needs chat. */
export const bootChat = () => import('./chat-boot.ts').then((m) => m.startChat()).catch(() => {});
