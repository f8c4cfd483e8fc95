import { create } from 'zustand';

/** What the store needs of a chat message (the IM SDK's Message satisfies it). */
export interface SessionMessage {
  ID: string;
  conversationID: string;
}

/** What the store needs of a conversation (the IM SDK's Conversation satisfies it). */
export interface SessionConversation {
  conversationID: string;
  type: string;
  userProfile?: { userID: string };
}

/** The C2C conversation id prefix (SPEC §3: "C2C" plus the other user's id). */
export const C2C_PREFIX = 'C2C';

export interface ChatSessionState<M extends SessionMessage = SessionMessage> {
  isLogin: boolean;
  isSDKReady: boolean;
  /** The conversation shown on the chat page, or null. */
  currentConversation: SessionConversation | null;
  /** The other user's id of a C2C conversation. */
  toUserId: string;
  conversationList: SessionConversation[];
  currentMessageList: M[];
  setLogin(value: boolean): void;
  toggleLogin(): void;
  setSDKReady(value: boolean): void;
  toggleSDKReady(): void;
  /** Both flags back to false (logout, kicked out, SDK destroyed). */
  reset(): void;
  /** Choosing a contact: opens its C2C conversation with an empty message list. */
  chooseContact(userId: string): void;
  /** Opening an existing conversation (e.g. from the list): its messages start empty. */
  openConversation(conversation: SessionConversation): void;
  closeConversation(): void;
  setConversationList(list: SessionConversation[]): void;
  /** Incoming or sent messages: only those of the active conversation are appended. */
  pushMessages(messages: M | M[]): void;
  /** Older history (pull-down): prepended, in order, without duplicates. */
  prependMessages(messages: M[]): void;
  /** A message changed (sent, failed, revoked, read by peer): replaced in place by ID. */
  updateMessage(message: M): void;
  /** A sent draft got its server ID: the bubble keeps its place under the new ID. */
  replaceMessage(oldID: string, message: M): void;
  /** A send refused for bad input leaves no bubble behind. */
  removeMessage(ID: string): void;
}

/**
 * The chat session store of SPEC §4, as a factory so that tests (and later a second app
 * instance) get their own store. Messages are kept unique by ID: a message that arrives twice (a
 * catch-up after a reconnect overlapping a live push) is shown once.
 */
export function createChatSessionStore<M extends SessionMessage = SessionMessage>() {
  return create<ChatSessionState<M>>()((set) => ({
    isLogin: false,
    isSDKReady: false,
    currentConversation: null,
    toUserId: '',
    conversationList: [],
    currentMessageList: [],
    setLogin: (value) => set({ isLogin: value }),
    toggleLogin: () => set((s) => ({ isLogin: !s.isLogin })),
    setSDKReady: (value) => set({ isSDKReady: value }),
    toggleSDKReady: () => set((s) => ({ isSDKReady: !s.isSDKReady })),
    reset: () => set({ isLogin: false, isSDKReady: false }),
    chooseContact: (userId) =>
      set({
        toUserId: userId,
        currentConversation: {
          conversationID: `${C2C_PREFIX}${userId}`,
          type: C2C_PREFIX,
          userProfile: { userID: userId },
        },
        currentMessageList: [],
      }),
    openConversation: (conversation) =>
      set({
        currentConversation: conversation,
        toUserId: conversation.userProfile?.userID ?? '',
        currentMessageList: [],
      }),
    closeConversation: () =>
      set({ currentConversation: null, toUserId: '', currentMessageList: [] }),
    setConversationList: (list) => set({ conversationList: list }),
    pushMessages: (messages) =>
      set((s) => {
        const active = s.currentConversation?.conversationID;
        if (!active) return s;
        const seen = new Set(s.currentMessageList.map((m) => m.ID));
        const incoming = (Array.isArray(messages) ? messages : [messages]).filter(
          (m) => m.conversationID === active && !seen.has(m.ID) && seen.add(m.ID),
        );
        return incoming.length ? { currentMessageList: [...s.currentMessageList, ...incoming] } : s;
      }),
    prependMessages: (messages) =>
      set((s) => {
        const active = s.currentConversation?.conversationID;
        const seen = new Set(s.currentMessageList.map((m) => m.ID));
        const older = messages.filter(
          (m) => m.conversationID === active && !seen.has(m.ID) && seen.add(m.ID),
        );
        return older.length ? { currentMessageList: [...older, ...s.currentMessageList] } : s;
      }),
    updateMessage: (message) =>
      set((s) => {
        const i = s.currentMessageList.findIndex((m) => m.ID === message.ID);
        if (i < 0) return s;
        const list = s.currentMessageList.slice();
        list[i] = message;
        return { currentMessageList: list };
      }),
    replaceMessage: (oldID, message) =>
      set((s) => {
        const i = s.currentMessageList.findIndex((m) => m.ID === oldID);
        if (i < 0) return s;
        const list = s.currentMessageList.filter((m, j) => j === i || m.ID !== message.ID);
        list[list.findIndex((m) => m.ID === oldID)] = message;
        return { currentMessageList: list };
      }),
    removeMessage: (ID) =>
      set((s) => ({ currentMessageList: s.currentMessageList.filter((m) => m.ID !== ID) })),
  }));
}

/** The app's one chat session. */
export const useChatSession = createChatSessionStore();
