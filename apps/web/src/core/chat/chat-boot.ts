import TIM, {
  type Conversation,
  type GroupProfile,
  type Message,
  type TimEvent,
} from '@chaopin/im-sdk';
import { create } from 'zustand';
import { get } from '../api/client.ts';
import { toast as showToast } from '../notify.ts';
import { useSession } from '../session.ts';
import { useImState } from './im-state.ts';
import { useChatSession } from './session-store.ts';

/**
 * The IM client of the app (lazy chunk): logs in with the user's userSig when the app session is
 * logged in, logs out with it, and mirrors the SDK's events into the stores the pages read.
 */
export interface ConversationsState {
  list: Conversation[];
  /** Bumped on friend / blacklist / group changes so the pages that show them refetch. */
  socialVersion: number;
  /** My groups, as the SDK last reported them. */
  groups: GroupProfile[];
  me: string;
  /** The SDK's network state: the chat page shows 网络已断开 unless connected. */
  net: 'connected' | 'connecting' | 'disconnected' | 'idle';
}

export const useConversations = create<ConversationsState>()(() => ({
  list: [],
  socialVersion: 0,
  groups: [],
  me: '',
  net: 'idle',
}));

export const tim = TIM.create({ SDKAppID: 1400000001 });
let started = false;
let loggedAs = '';
let loggingIn: Promise<void> | null = null;
let readyWaiters: Array<(t: TIM) => void> = [];

/** A copy, so React sees a new object when the SDK changed a message in place. */
export const copy = (m: Message): Message => ({ ...m });

function onReady() {
  useChatSession.getState().setSDKReady(true);
  const waiters = readyWaiters;
  readyWaiters = [];
  for (const w of waiters) w(tim);
  // A failed paging is retried by the next request; CONVERSATION_LIST_UPDATED keeps the list meanwhile.
  void tim
    .getConversationList()
    .then((r) => setConversations(r.data.conversationList))
    .catch(() => undefined);
}

function setConversations(list: Conversation[]) {
  useConversations.setState({ list });
}

const bumpSocial = () => useConversations.setState((s) => ({ socialVersion: s.socialVersion + 1 }));

function wire() {
  tim.on(TIM.EVENT.SDK_READY, onReady);
  tim.on(TIM.EVENT.SDK_NOT_READY, () => useChatSession.getState().setSDKReady(false));
  tim.on(TIM.EVENT.CONVERSATION_LIST_UPDATED, (e) => setConversations(e.data as Conversation[]));
  // The badges' chat share (im-state, read by the entry chunk's tab bar too).
  tim.on(TIM.EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (e) =>
    useImState.setState({ chatUnread: e.data as number }),
  );
  tim.on(TIM.EVENT.MESSAGE_RECEIVED, (e: TimEvent) => {
    const list = (e.data as Message[]).map(copy);
    const session = useChatSession.getState();
    session.pushMessages(list);
    const active = session.currentConversation?.conversationID;
    // The open chat is being read: its new messages are read at once (and the peer sees 已读).
    if (
      active &&
      list.some((m) => m.conversationID === active) &&
      document.visibilityState === 'visible'
    ) {
      void tim.setMessageRead({ conversationID: active }).catch(() => undefined);
    }
  });
  const update = (e: TimEvent) => {
    for (const m of e.data as Message[]) useChatSession.getState().updateMessage(copy(m));
  };
  tim.on(TIM.EVENT.MESSAGE_REVOKED, update);
  tim.on(TIM.EVENT.MESSAGE_READ_BY_PEER, update);
  tim.on(TIM.EVENT.NET_STATE_CHANGE, (e) => {
    const state = (e.data as { state: 'connected' | 'connecting' | 'disconnected' }).state;
    useConversations.setState({ net: state });
  });
  tim.on(TIM.EVENT.ERROR, (e) => {
    // As TIM, a call refused before SDK_READY is reported here too: not a lost connection.
    if ((e.data as { error?: string }).error === 'IM_SDK_NOT_READY') return;
    // Reconnects gave up (SPEC §4: at most 15): start over when the browser is back online.
    useConversations.setState({ net: 'disconnected' });
    window.addEventListener('online', relogin, { once: true });
    setTimeout(relogin, 5000);
  });
  tim.on(TIM.EVENT.KICKED_OUT, (e) => {
    useConversations.setState({ net: 'disconnected' });
    // An expired credential: a fresh one is fetched and the chat comes back by itself.
    if ((e.data as { type?: string }).type === TIM.TYPES.KICKED_OUT_USERSIG_EXPIRED) {
      void relogin();
      return;
    }
    // Logged out by the service (the operator): said once, back when the user returns to the app.
    showToast('聊天已被强制下线，返回应用后将重新连接');
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', back);
      void relogin();
    };
    document.addEventListener('visibilitychange', back);
  });
  // Not a socialVersion bump: getGroupList itself reports the list, a reload would loop.
  tim.on(TIM.EVENT.GROUP_LIST_UPDATED, (e) =>
    useConversations.setState({ groups: e.data as GroupProfile[] }),
  );
  // SPEC §4 presence: the requester hears the answer to a friend request.
  tim.on(TIM.EVENT.FRIEND_LIST_UPDATED, (e) => {
    const d = e.data as { type?: string; to?: string };
    if (d.to !== loggedAs) return;
    if (d.type === 'subscribed') showToast('添加成功');
    else if (d.type === 'unsubscribed') showToast('已拒绝');
  });
  for (const name of [
    TIM.EVENT.FRIEND_LIST_UPDATED,
    TIM.EVENT.FRIEND_APPLICATION_LIST_UPDATED,
    TIM.EVENT.BLACKLIST_UPDATED,
    TIM.EVENT.GROUP_SYSTEM_NOTICE_RECEIVED,
  ]) {
    tim.on(name, bumpSocial);
  }
}

async function relogin() {
  if (!loggedAs || tim.isReady()) return;
  await tim.logout().catch(() => undefined);
  loggedAs = '';
  if (useSession.getState().isLogin) await login().catch(() => undefined);
}

async function login() {
  if (loggingIn) return loggingIn;
  loggingIn = (async () => {
    const sig = await get('user/getUserSig');
    loggedAs = sig.userID;
    useConversations.setState({ me: sig.userID });
    useChatSession.getState().setLogin(true);
    await tim.login({ userID: sig.userID, userSig: sig.userSig });
    useConversations.setState({ net: 'connected' });
  })().finally(() => {
    loggingIn = null;
  });
  return loggingIn;
}

async function logout() {
  loggedAs = '';
  await tim.logout().catch(() => undefined);
  useChatSession.getState().reset();
  useChatSession.getState().closeConversation();
  useConversations.setState({ list: [], groups: [], me: '' });
  useImState.setState({ chatUnread: 0 });
  useConversations.setState({ net: 'idle' });
}

function follow() {
  const { isLogin, user } = useSession.getState();
  // Another account signed in on this tab: the IM session follows it.
  if (isLogin && loggedAs && user && String(user.id) !== loggedAs) {
    void logout().then(follow);
    return;
  }
  if (isLogin && !loggedAs && !loggingIn) void login().catch(() => setTimeout(follow, 3000));
  else if (!isLogin && loggedAs) void logout();
}

export function startChat(): void {
  if (started) return;
  started = true;
  wire();
  useSession.subscribe(follow);
  follow();
}

/** The SDK once it is ready (starting the client if needed). */
export function chat(): Promise<TIM> {
  startChat();
  if (tim.isReady()) return Promise.resolve(tim);
  return new Promise((resolve) => readyWaiters.push(resolve));
}

export type { Conversation, Message };
export { TIM };
