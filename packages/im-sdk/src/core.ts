import {
  GROUP_NOTICE,
  IM,
  type ImCommand,
  type ImConversation,
  type ImGroupProfile,
  type ImMessage,
  type ImPayload,
  type ImProfile,
  PUSH,
} from '@chaopin/contracts';
import { Connection } from './connection.ts';
import { ALLOWED_BEFORE_READY, EVENT, TYPES } from './constants.ts';
import { TimError } from './errors.ts';
import { type CreateMessageOptions, factories } from './factory.ts';
import { MessageStore, REMOVING_NOTICES } from './store.ts';
import type { CreateOptions, Listener, Message, TimResponse } from './types.ts';
import { uploadFile } from './upload.ts';

export const ok = <T>(data: T): TimResponse<T> => ({ code: 0, data });

/** Login, connection, catch-up, events, messages and conversations (TIM extends it with the social and group calls). */
export class TimCore {
  readonly SDKAppID: number;
  protected readonly server: string;
  private readonly transports: CreateOptions['transports'];
  /** SPEC §4: a rejected sync is retried when the conversation list is requested. */
  protected syncFailed = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  protected conn: Connection | undefined;
  protected userID = '';
  protected userSig = '';
  private ready = false;
  private since = 0;
  private syncing = false;
  private syncAgain = false;
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  protected readonly profileCache = new Map<string, { profile: ImProfile; at: number }>();
  protected groups = new Map<string, ImGroupProfile>();
  readonly store: MessageStore;

  protected constructor(options: CreateOptions) {
    this.SDKAppID = options.SDKAppID;
    this.transports = options.transports;
    const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? '';
    this.server = (options.server ?? origin).replace(/\/$/, '');
    this.store = new MessageStore({
      me: () => this.userID,
      received: (list) => this.emit(EVENT.MESSAGE_RECEIVED, list),
      conversationsChanged: () =>
        this.emit(EVENT.CONVERSATION_LIST_UPDATED, this.store.sortedConversations()),
      needSync: () => this.scheduleSync(),
      needConversation: (id) => void this.refreshConversation(id).catch(() => undefined),
      groupNotice: (m) => this.onGroupNotice(m),
    });
  }

  // ---- events ----

  on(name: string, fn: Listener) {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(fn);
  }

  off(name: string, fn: Listener) {
    this.listeners.get(name)?.delete(fn);
  }

  private emit(name: string, data: unknown) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) {
      try {
        fn({ name, data });
      } catch {
        // A listener's bug must not break delivery to the others.
      }
    }
  }

  isReady() {
    return this.ready;
  }

  setLogLevel(_level: number) {}

  registerPlugin(_plugins: Record<string, unknown>) {}

  protected guard(name: string) {
    if (!ALLOWED_BEFORE_READY.has(name) && !this.ready) throw TimError.of('IM_SDK_NOT_READY');
  }

  protected async call<C extends ImCommand, T = unknown>(
    cmd: C,
    payload: ImPayload<C>,
  ): Promise<T> {
    if (!this.conn) throw TimError.of('IM_NOT_LOGGED_IN');
    return this.conn.request<C, T>(cmd, payload);
  }

  // ---- login ----

  async login(opts: { userID: string; userSig: string }) {
    this.guard('login');
    if (!opts?.userID) throw TimError.of('IM_NOT_LOGGED_IN');
    if (this.conn) return ok({ repeatLogin: true });
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
          this.emit(EVENT.ERROR, { code: error.code, message: error.message });
          this.emit(EVENT.SDK_NOT_READY, {});
        },
      },
      undefined,
      this.transports,
    );
    this.conn = conn;
    try {
      await conn.open(opts.userID, opts.userSig);
      const list = await conn.request<'getConversationList', ImConversation[]>(
        'getConversationList',
        {},
      );
      this.since = Date.now() - 5000;
      this.store.applyList(list, true);
      await this.loadGroups();
    } catch (err) {
      conn.close();
      this.conn = undefined;
      throw err;
    }
    this.ready = true;
    this.emit(EVENT.SDK_READY, {});
    if (this.store.hasPending()) this.scheduleSync();
    return ok({ repeatLogin: false });
  }

  async logout() {
    this.guard('logout');
    this.conn?.close();
    this.conn = undefined;
    this.ready = false;
    this.store.reset();
    this.groups.clear();
    this.profileCache.clear();
    this.emit(EVENT.SDK_NOT_READY, {});
    return ok({});
  }

  async destroy() {
    await this.logout();
    this.listeners.clear();
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
      void this.catchUp();
    }, 150);
  }

  private async catchUp() {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = true;
    try {
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
        if (this.ready) this.store.accept(data as ImMessage, false);
        else this.store.accept(data as ImMessage, false);
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
        this.emit(EVENT.CONVERSATION_LIST_UPDATED, this.store.sortedConversations());
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

  private async refreshConversation(conversationID: string) {
    const asOf = this.store.epochs();
    const conv = await this.call<'getConversationProfile', ImConversation>(
      'getConversationProfile',
      { conversationID },
    );
    this.store.mergeConversation(conv, asOf);
    return conv;
  }

  // ---- messages ----

  createTextMessage(o: CreateMessageOptions<{ text: string }>) {
    this.guard('createTextMessage');
    return factories.text(this.userID, o);
  }
  /** A group text that @-mentions users (or TIM.TYPES.MSG_AT_ALL for everyone). */
  createTextAtMessage(o: CreateMessageOptions<{ text: string; atUserList: string[] }>) {
    this.guard('createTextAtMessage');
    return factories.textAt(this.userID, o);
  }
  createImageMessage(o: CreateMessageOptions<{ file: Blob; name?: string }>) {
    this.guard('createImageMessage');
    return factories.file(this.userID, 'image', TYPES.MSG_IMAGE, o);
  }
  createAudioMessage(o: CreateMessageOptions<{ file: Blob; name?: string; second?: number }>) {
    this.guard('createAudioMessage');
    return factories.file(this.userID, 'audio', TYPES.MSG_AUDIO, o);
  }
  createVideoMessage(o: CreateMessageOptions<{ file: Blob; name?: string; second?: number }>) {
    this.guard('createVideoMessage');
    return factories.file(this.userID, 'video', TYPES.MSG_VIDEO, o);
  }
  createFileMessage(o: CreateMessageOptions<{ file: Blob; name?: string }>) {
    this.guard('createFileMessage');
    return factories.file(this.userID, 'file', TYPES.MSG_FILE, o);
  }
  createLocationMessage(
    o: CreateMessageOptions<{ description: string; longitude: number; latitude: number }>,
  ) {
    this.guard('createLocationMessage');
    return factories.location(this.userID, o);
  }
  createCustomMessage(
    o: CreateMessageOptions<{ data?: string; description?: string; extension?: string }>,
  ) {
    this.guard('createCustomMessage');
    return factories.custom(this.userID, o);
  }
  createFaceMessage(o: CreateMessageOptions<{ index: number; data?: string }>) {
    this.guard('createFaceMessage');
    return factories.face(this.userID, o);
  }

  async sendMessage(message: Message) {
    this.guard('sendMessage');
    if (!message || typeof message !== 'object' || !message.type || message.status === 'success') {
      throw TimError.of('IM_MESSAGE_REQUIRED');
    }
    message.status = 'unsent';
    try {
      if (message._file) {
        message.payload = await uploadFile(
          this.server,
          this.userID,
          this.userSig,
          message._file,
          (percent) => {
            message.progress = percent;
            message._onProgress?.(percent);
          },
        );
        const second = message._file.second;
        if (second)
          message.payload = {
            ...message.payload,
            [message.type === 'TIMVideoFileElem' ? 'videoSecond' : 'second']: second,
          };
        delete message._file;
        delete message.progress;
      }
      this.store.ownRandoms.add(message.random);
      const sent = await this.call<'sendMessage', ImMessage & { timeMs: number }>('sendMessage', {
        conversationType: message.conversationType,
        to: message.to,
        type: message.type,
        payload: message.payload,
        random: message.random,
        priority: message.priority,
        clientSequence: message.clientSequence,
        cloudCustomData: message.cloudCustomData,
      });
      Object.assign(message, sent, { status: 'success', flow: 'out', isRead: true });
      this.store.accept(message, true);
      return ok({ message });
    } catch (err) {
      message.status = 'fail';
      const e = err instanceof TimError ? err : TimError.of('IM_MESSAGE_SEND_FAIL');
      e.data = { message };
      throw e;
    }
  }

  async resendMessage(message: Message) {
    this.guard('resendMessage');
    if (message?.status !== 'fail') throw TimError.of('IM_MESSAGE_REQUIRED');
    return this.sendMessage(message);
  }

  async revokeMessage(message: Message) {
    this.guard('revokeMessage');
    if (!message?.conversationID || !message.sequence) throw TimError.of('IM_MESSAGE_REQUIRED');
    await this.call('revokeMessage', {
      conversationID: message.conversationID,
      sequence: message.sequence,
    });
    const m = this.store.revoke(message.conversationID, message.sequence, message.ID);
    message.isRevoked = true;
    message.payload = {};
    if (m) this.emit(EVENT.MESSAGE_REVOKED, [m]);
    return ok({ message });
  }

  async getMessageList(o: { conversationID: string; nextReqMessageID?: string; count?: number }) {
    this.guard('getMessageList');
    const count = Math.min(Math.max(1, o?.count ?? IM.MESSAGE_LIST_MAX), IM.MESSAGE_LIST_MAX);
    const r = await this.call<
      'getMessageList',
      { messageList: ImMessage[]; nextReqMessageID: string; isCompleted: boolean }
    >('getMessageList', {
      conversationID: o?.conversationID,
      count,
      ...(o?.nextReqMessageID ? { nextReqMessageID: o.nextReqMessageID } : {}),
    });
    const messageList = r.messageList.map((m) => {
      const cached = this.store.messages.get(m.conversationID)?.find((x) => x.ID === m.ID);
      if (cached) return cached;
      const local = this.store.local(m);
      this.store.remember(local);
      return local;
    });
    return ok({ messageList, nextReqMessageID: r.nextReqMessageID, isCompleted: r.isCompleted });
  }

  async setMessageRead(o: { conversationID: string }) {
    this.guard('setMessageRead');
    const r = await this.call<'setMessageRead', { readSequence: number }>('setMessageRead', {
      conversationID: o?.conversationID,
    });
    this.store.markRead(o.conversationID, r.readSequence);
    await this.refreshConversation(o.conversationID).catch(() => undefined);
    return ok({});
  }

  async getConversationList() {
    this.guard('getConversationList');
    if (this.syncFailed) await this.catchUp();
    return ok({ conversationList: this.store.sortedConversations() });
  }

  /** SPEC §9: the first 20 conversations are what the SDK keeps for a quick start. */
  cachedConversations() {
    return this.store.sortedConversations().slice(0, IM.CONVERSATIONS_CACHED);
  }

  async getConversationProfile(conversationID: string) {
    this.guard('getConversationProfile');
    return ok({ conversation: await this.refreshConversation(conversationID) });
  }

  async deleteConversation(conversationID: string) {
    this.guard('deleteConversation');
    await this.call('deleteConversation', { conversationID });
    this.store.removeConversation(conversationID, false);
    return ok({ conversationID });
  }
}
