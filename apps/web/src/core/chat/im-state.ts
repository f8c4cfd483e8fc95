import { create } from 'zustand';

/**
 * The part of the chat state the entry chunk needs (the unread count of the badges). It is tiny
 * on purpose: the IM SDK lives in a lazy chunk (chat-boot.ts) that writes here once it runs, so
 * the home route never carries the SDK or its socket library.
 */
export interface ImState {
  /** The IM SDK's total unread: every conversation's unread messages added up. */
  chatUnread: number;
}

export const useImState = create<ImState>()(() => ({ chatUnread: 0 }));

/** Starts the chat client (lazy chunk); failures wait for the next page that needs chat. */
export const bootChat = () => import('./chat-boot.ts').then((m) => m.startChat()).catch(() => {});
