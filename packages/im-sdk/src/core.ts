import {
  GROUP_NOTICE,
  IM,
  type ImCommand,
  type ImConversation,
  type ImConversationPage,
  type ImGroupProfile,
  type ImMessage,
  type ImPayload,
  type ImProfile,
  PUSH,
} from '@chaopin/contracts';
import { Connection } from './connection.ts';
import { ALLOWED_BEFORE_READY, EVENT, TYPES } from './constants.ts';
import { ConversationPaging } from './conversation-paging.ts';
import { TimEmitter } from './emitter.ts';
import { TimError } from './errors.ts';
import { applyMemberTips } from './member-info.ts';
import { REMOVING_NOTICES } from './message-summary.ts';
import { MessageStore } from './store.ts';
import { NOT_READY } from './tim-codes.ts';
import type { CreateOptions, Message, TimResponse } from './types.ts';

export const ok = <T>(data: T): TimResponse<T> => ({ code: 0, data });

/**
 * Login, connection, catch-up and events. TimMessaging (messaging.ts) adds the message and
 * conversation calls, TIM (tim.ts) the social and group calls.
 */
export class TimCore extends TimEmitter {
  readonly SDKAppID: number;
  protected readonly server: string;
  private readonly transports: CreateOptions['transports'];
  /** SPEC §4: a rejected sync is retried when the conversation list is requested. */
  protected syncFailed = false;
  protected conn: Connection | undefined;
  protected userID = '';
  protected userSig = '';
  private ready = false;
  /** TIM's not-ready reason: the code of a call refused before SDK_READY. */
  private notReadyReason: number = NOT_READY.NOT_LOGGED_IN;
  /** A login in flight: a second one is refused with REPEAT_LOGIN (2025), as TIM does. */
  private loggingIn = 0;
  /** Numbers login attempts: a logout abandons the one in flight (its open may never settle). */
  private loginAttempt = 0;
  private since = 0;
  private syncing = false;
  private syncAgain = false;
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  /** The total unread last announced. */
  private totalUnread = 0;
  protected readonly profileCache = new Map<string, { profile: ImProfile; at: number }>();
  protected groups = new Map<string, ImGroupProfile>();
  readonly store: MessageStore;
  /** The conversation list after its first page, read in the background (SPEC §4 paging). */
  protected readonly paging: ConversationPaging;

  protected constructor(options: CreateOptions) {
    super();
    this.SDKAppID = options.SDKAppID;
    this.transports = options.transports;
    const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? '';
    this.server = (options.server ?? origin).replace(/\/$/, '');
    this.store = new MessageStore({
      me: () => this.userID,
      received: (list) => {
        if (applyMemberTips(list, this.userID, this.groups))
          this.emit(EVENT.GROUP_LIST_UPDATED, [...this.groups.values()]);
        this.emit(EVENT.MESSAGE_RECEIVED, list);
      },
      conversationsChanged: () => this.conversationsChanged(),
      needSync: () => this.scheduleSync(),
      needConversation: (id) =>
        void this.refreshConversation(id).catch((err: unknown) => {
          // Gone since the snapshot that showed it (deleted, or left): it leaves the list too.
          if ((err as TimError).error === 'IM_CONVERSATION_NOT_FOUND')
            this.store.removeConversation(id, false);
        }),
      groupNotice: (m) => this.onGroupNotice(m),
    });
    this.paging = new ConversationPaging({
      fetch: (timeStamp) =>
        this.call<'getConversationList', ImConversationPage>('getConversationList', {
          timeStamp,
          count: IM.CONVERSATIONS_CACHED,
        }),
      store: this.store,
      refresh: (id) => this.refreshConversation(id),
      live: () => this.conn !== undefined,
    });
  }

  isReady() {
    return this.ready;
  }

  /** Every conversation's unread messages added up (0 while logged out). */
  getTotalUnreadMessageCount(): number {
    return this.store.totalUnread();
  }

  private conversationsChanged() {
    this.emit(EVENT.CONVERSATION_LIST_UPDATED, this.store.sortedConversations());
    this.announceTotalUnread();
  }

  /** TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, once per change of the sum. */
  private announceTotalUnread() {
    const total = this.store.totalUnread();
    if (total === this.totalUnread) return;
    this.totalUnread = total;
    this.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, total);
  }

  /**
   * Before SDK_READY only the allowed calls pass. As TIM: the refusal's code is why the SDK is not
   * ready (2024 not logged in, 3000 logging in, 3004 kicked for an expired sig, …) and the ERROR
   * event carries it too.
   */
  protected guard(name: string) {
    if (ALLOWED_BEFORE_READY.has(name) || this.ready) return;
    const e = TimError.of('IM_SDK_NOT_READY', { code: this.notReadyReason });
    this.emit(EVENT.ERROR, e.toEvent());
    throw e;
  }

  protected async call<C extends ImCommand, T = unknown>(
    cmd: C,
    payload: ImPayload<C>,
  ): Promise<T> {
    const conn = this.conn;
    if (!conn) throw TimError.of('IM_NOT_LOGGED_IN');
    const answer = await conn.request<C, T>(cmd, payload);
    // An answer that arrives after a logout or kick-out belongs to a session that is over: applying
    // it would raise events (a conversation list, say) after SDK_NOT_READY.
    if (this.conn !== conn) throw TimError.of('IM_NOT_LOGGED_IN');
    return answer;
  }

  // ---- login ----

  async login(opts: { userID: string; userSig: string }) {
    this.guard('login');
    if (this.ready) return ok({ repeatLogin: true, errorInfo: '' });
    if (this.loggingIn) throw TimError.of('IM_LOGGING_IN');
    if (!opts?.userID) throw TimError.of('IM_USER_ID_REQUIRED');
    if (!opts.userSig) throw TimError.of('IM_USER_SIG_REQUIRED');
    const attempt = ++this.loginAttempt;
    this.loggingIn = attempt;
    this.notReadyReason = NOT_READY.LOGGING_IN;
    try {
      return await this.open(opts);
    } catch (err) {
      if (this.loggingIn === attempt) this.notReadyReason = NOT_READY.LOGIN_FAILED;
      throw err;
    } finally {
      if (this.loggingIn === attempt) this.loggingIn = 0;
    }
  }

  private async open(opts: { userID: string; userSig: string }) {
    this.userID = opts.userID;
    this.userSig = opts.userSig;
    const conn = new Connection(
      this.server,
      {
        onOpen: (first) => {
          if (!first) void this.catchUp();
        },
        onNetState: (state) => this.emit(EVENT.NET_STATE_CHANGE, { state }),
        onPush: (event, data) => this.onPush(event, data),
        onClosed: (error) => {
          // Given up on reconnecting: a later login() opens a new connection (and catches up).
          if (this.conn === conn) this.conn = undefined;
          this.ready = false;
          this.notReadyReason = NOT_READY.NOT_LOGGED_IN;
          this.emit(EVENT.ERROR, error.toEvent());
          this.emit(EVENT.SDK_NOT_READY, {});
        },
        onKicked: (type) => this.kickedOut(conn, type),
      },
      undefined,
      this.transports,
    );
    this.conn = conn;
    try {
      await conn.open(opts.userID, opts.userSig);
      // SPEC §9: the first 20 conversations are ready at SDK_READY; the rest follow in the background.
      const first = await conn.request<'getConversationList', ImConversationPage>(
        'getConversationList',
        { count: IM.CONVERSATIONS_CACHED },
      );
      this.since = Date.now() - 5000;
      this.store.applyList(first.conversations, true);
      this.paging.begin(first);
      await this.loadGroups();
    } catch (err) {
      conn.close();
      // A login abandoned by a logout must not undo the login that followed it.
      if (this.conn === conn) this.conn = undefined;
      throw err;
    }
    if (this.conn !== conn) throw TimError.of('IM_NOT_LOGGED_IN');
    this.ready = true;
    this.emit(EVENT.SDK_READY, {});
    if (this.store.hasPending()) this.scheduleSync();
    return ok({ repeatLogin: false });
  }

  async logout() {
    this.guard('logout');
    this.loggingIn = 0;
    this.conn?.close();
    this.conn = undefined;
    this.ready = false;
    this.notReadyReason = NOT_READY.LOGGED_OUT;
    this.store.reset();
    this.paging.reset();
    this.groups.clear();
    this.profileCache.clear();
    this.announceTotalUnread();
    this.emit(EVENT.SDK_NOT_READY, {});
    return ok({});
  }

  /**
   * Kicked out (sig expired, REST force logout): KICKED_OUT, then disconnected, then not ready —
   * logged out, with no reconnect, until the app logs in again with a new userSig.
   */
  private kickedOut(conn: Connection, type: string) {
    if (this.conn !== conn) return;
    this.conn = undefined;
    this.ready = false;
    this.notReadyReason = NOT_READY[type as keyof typeof NOT_READY] ?? NOT_READY.LOGGED_OUT;
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    this.store.reset();
    this.groups.clear();
    this.profileCache.clear();
    this.announceTotalUnread();
    this.emit(EVENT.KICKED_OUT, { type });
    this.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_DISCONNECTED });
    this.emit(EVENT.SDK_NOT_READY, {});
  }

  /** Logs out, raises SDK_DESTROY and drops every listener (TIM.create then makes a new one). */
  async destroy() {
    await this.logout();
    this.emit(EVENT.SDK_DESTROY, { SDKAppID: this.SDKAppID });
    this.clearListeners();
    return ok({});
  }

  /** Test hook: drops the transport as a lost network would (the SDK reconnects and catches up). */
  __dropConnection() {
    this.conn?.dropTransport();
  }

  // ---- catch-up ----

  private scheduleSync() {
    if (!this.ready || this.syncTimer) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      void this.catchUp(true);
    }, 150);
  }

  /** `onlyIfPending`: a gap asked for it, and paging may have filled that gap meanwhile. */
  protected async catchUp(onlyIfPending = false) {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = true;
    try {
      // Conversations of pages still to come are unknown here: a sync before them would send
      // their whole history as missed.
      await this.paging.whenDone();
      if (onlyIfPending && !this.syncAgain && !this.syncFailed && !this.store.hasPending()) return;
      do {
        this.syncAgain = false;
        for (;;) {
          const asOf = this.store.epochs();
          const r = await this.call<
            'sync',
            {
              serverTime: number;
              conversations: ImConversation[];
              messages: ImMessage[];
              more: boolean;
              revoked: Array<{ conversationID: string; sequence: number; ID: string }>;
            }
          >('sync', { known: this.store.known(), since: this.since });
          this.store.applyMissed(r.messages);
          for (const rv of r.revoked) this.onRevoked(rv);
          if (r.more) continue;
          this.store.applyList(r.conversations, true, asOf);
          this.since = r.serverTime - 2000;
          break;
        }
        // A reconnect or gap during any await here asks for another round.
        await this.loadGroups();
      } while (this.syncAgain);
      this.syncFailed = false;
    } catch {
      // Retried on the next reconnect, gap or conversation list request.
      this.syncFailed = true;
    } finally {
      this.syncing = false;
    }
  }

  // ---- pushes ----

  private onPush(event: string, data: unknown) {
    const d = data as Record<string, unknown>;
    switch (event) {
      case PUSH.MESSAGE:
        this.store.acceptPush(data as ImMessage);
        return;
      case PUSH.REVOKED:
        this.onRevoked(d as { conversationID: string; sequence: number; ID: string });
        return;
      case PUSH.READ:
        this.store.markRead(String(d.conversationID), Number(d.readSequence));
        void this.refreshConversation(String(d.conversationID)).catch(() => undefined);
        return;
      case PUSH.PEER_READ: {
        const changed = this.store.peerRead(String(d.conversationID), Number(d.peerReadTime));
        this.conversationsChanged();
        if (changed.length) this.emit(EVENT.MESSAGE_READ_BY_PEER, changed);
        return;
      }
      case PUSH.CONVERSATION_DELETED:
        this.store.removeConversation(String(d.conversationID), false);
        return;
      case PUSH.GROUP_REMOVED:
        this.removeGroup(String(d.groupID));
        return;
      case PUSH.GROUP_UPDATED:
        void this.loadGroups().catch(() => undefined);
        return;
      case PUSH.PROFILE_UPDATED:
        for (const p of data as ImProfile[])
          this.profileCache.set(p.userID, { profile: p, at: Date.now() });
        this.emit(EVENT.PROFILE_UPDATED, data);
        return;
      case PUSH.FRIEND:
        if (d.type === 'subscribe') this.emit(EVENT.FRIEND_APPLICATION_LIST_UPDATED, d);
        else this.emit(EVENT.FRIEND_LIST_UPDATED, d);
        return;
      case PUSH.AT_TIPS_DELETED:
        this.store.clearAtTips(String(d.conversationID), Number(d.atReadSequence));
        return;
      case PUSH.BLACKLIST:
        this.emit(EVENT.BLACKLIST_UPDATED, data);
        return;
    }
  }

  private onRevoked(r: { conversationID: string; sequence: number; ID: string }) {
    const m = this.store.revoke(r.conversationID, r.sequence, r.ID);
    if (m) this.emit(EVENT.MESSAGE_REVOKED, [m]);
  }

  private onGroupNotice(m: Message) {
    const type = Number(m.payload.operationType);
    this.emit(EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, { message: m, type });
    const gid = (m.payload.groupProfile as { groupID?: string } | undefined)?.groupID;
    if (gid && REMOVING_NOTICES.has(type)) this.removeGroup(gid);
    if (gid && (type === GROUP_NOTICE.JOIN_ACCEPTED || type === GROUP_NOTICE.INVITED))
      void this.loadGroups().catch(() => undefined);
  }

  protected removeGroup(groupID: string) {
    this.store.removeConversation(`GROUP${groupID}`, true);
    if (this.groups.delete(groupID)) this.emit(EVENT.GROUP_LIST_UPDATED, [...this.groups.values()]);
  }

  protected async loadGroups() {
    const list = await this.call<'getGroupList', ImGroupProfile[]>('getGroupList', {});
    this.groups = new Map(list.map((g) => [g.groupID, g]));
    this.emit(EVENT.GROUP_LIST_UPDATED, list);
  }

  protected async refreshConversation(conversationID: string) {
    const asOf = this.store.epochs();
    const conv = await this.call<'getConversationProfile', ImConversation>(
      'getConversationProfile',
      { conversationID },
    );
    this.store.mergeConversation(conv, asOf);
    return conv;
  }
}
