import { IM, type ImMessage } from '@chaopin/contracts';
import { EVENT, TYPES } from './constants.ts';
import { ok, TimCore } from './core.ts';
import { TimError } from './errors.ts';
import { type CreateMessageOptions, type FileSource, factories } from './factory.ts';
import type { Message } from './types.ts';
import { uploadFile } from './upload.ts';

/** Messages (create, send, resend, revoke, history, read) and conversations on top of TimCore. */
export class TimMessaging extends TimCore {
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
  createImageMessage(o: CreateMessageOptions<{ file: FileSource; name?: string }>) {
    this.guard('createImageMessage');
    return factories.file(this.userID, 'image', TYPES.MSG_IMAGE, o);
  }
  createAudioMessage(
    o: CreateMessageOptions<{ file: FileSource; name?: string; second?: number }>,
  ) {
    this.guard('createAudioMessage');
    return factories.file(this.userID, 'audio', TYPES.MSG_AUDIO, o);
  }
  createVideoMessage(
    o: CreateMessageOptions<{ file: FileSource; name?: string; second?: number }>,
  ) {
    this.guard('createVideoMessage');
    return factories.file(this.userID, 'video', TYPES.MSG_VIDEO, o);
  }
  createFileMessage(o: CreateMessageOptions<{ file: FileSource; name?: string }>) {
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
    // As TIM: the sender's message keeps its payload, so the app can offer to edit and resend it.
    message.isRevoked = true;
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
    const messageList = r.messageList.map((m) => this.cachedOrLocal(m));
    return ok({ messageList, nextReqMessageID: r.nextReqMessageID, isCompleted: r.isCompleted });
  }

  /**
   * TIM's getMessageListHopping: up to 15 messages from `sequence` (included), older
   * (direction 0, the default; no sequence: the latest) or newer (direction 1), oldest first,
   * with `nextMessageSeq` for the next page and `isCompleted`. C2C conversations are addressed by
   * sequence too (TIM's `time` is not supported).
   */
  async getMessageListHopping(o: {
    conversationID: string;
    sequence?: number;
    count?: number;
    direction?: 0 | 1;
  }) {
    this.guard('getMessageListHopping');
    const r = await this.call<
      'getMessageListHopping',
      { messageList: ImMessage[]; isCompleted: boolean; nextMessageSeq: number | '' }
    >('getMessageListHopping', {
      conversationID: o?.conversationID,
      ...(o?.sequence ? { sequence: o.sequence } : {}),
      ...(o?.count ? { count: Math.min(o.count, IM.MESSAGE_LIST_MAX) } : {}),
      ...(o?.direction === 1 ? { direction: 1 as const } : {}),
    });
    return ok({ ...r, messageList: r.messageList.map((m) => this.cachedOrLocal(m)) });
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

  /**
   * TIM's setAllMessageRead: every conversation of the scope (TYPES.READ_ALL_C2C_MSG,
   * READ_ALL_GROUP_MSG or READ_ALL_MSG, the default) with unread messages is read up to its last.
   */
  async setAllMessageRead(o: { scope?: string } = {}) {
    this.guard('setAllMessageRead');
    const scope = o?.scope ?? TYPES.READ_ALL_MSG;
    const prefix = { [TYPES.READ_ALL_C2C_MSG]: 'C2C', [TYPES.READ_ALL_GROUP_MSG]: 'GROUP' }[scope];
    if (!prefix && scope !== TYPES.READ_ALL_MSG) throw TimError.of('IM_CONVERSATION_TYPE_INVALID');
    await this.paging.whenDone();
    const unread = this.store
      .sortedConversations()
      .filter((c) => c.unreadCount > 0 && (!prefix || c.conversationID.startsWith(prefix)));
    for (const c of unread) await this.setMessageRead({ conversationID: c.conversationID });
    return ok({});
  }

  /** The whole list: waits for the background paging (a rejected one is tried again). */
  async getConversationList() {
    this.guard('getConversationList');
    await this.paging.whenDone();
    if (this.syncFailed) await this.catchUp();
    return ok({ conversationList: this.store.sortedConversations() });
  }

  /** The session's own object of a message when it has one (so later changes show on it). */
  private cachedOrLocal(m: ImMessage): Message {
    const cached = this.store.messages.get(m.conversationID)?.find((x) => x.ID === m.ID);
    if (cached) return cached;
    const local = this.store.local(m);
    this.store.remember(local);
    return local;
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

  /** SPEC §4: where the background paging of the list is: notStarted, pending, resolved, rejected. */
  get conversationListState() {
    return this.paging.state;
  }

  /** Clears a group conversation's @-tips here and on the user's other sessions; nothing is read. */
  async deleteGroupAtTips(conversationID: string) {
    this.guard('deleteGroupAtTips');
    if (typeof conversationID !== 'string' || !conversationID.startsWith(TYPES.CONV_GROUP))
      throw TimError.of('IM_CONVERSATION_TYPE_INVALID');
    // Only the tips this session can have shown: a mention arriving meanwhile stays a tip.
    const seen = this.store.shownUpTo(conversationID);
    const r = await this.call<'deleteGroupAtTips', { atReadSequence: number }>(
      'deleteGroupAtTips',
      { conversationID, ...(seen === undefined ? {} : { upToSequence: seen }) },
    );
    this.store.clearAtTips(conversationID, r.atReadSequence);
    return ok({ conversationID });
  }
}
