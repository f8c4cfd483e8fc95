import { compareConversations, type ImConversation, type ImMessage } from '@chaopin/contracts';
import { atTypes, counts, lastMessageOf } from './message-summary.ts';
import { SequenceGate } from './sequence-gate.ts';
import type { Message } from './types.ts';

const KEEP_PER_CONVERSATION = 100;

/**
 * Marks a message revoked. As TIM, the sender's copy keeps its payload (to re-edit it); a
 * receiver's copy is emptied, so a revoked text does not linger on the other side.
 */
function revokeLocally(m: Message) {
  m.isRevoked = true;
  if (m.flow !== 'out') m.payload = {};
}

export interface StoreHooks {
  me(): string;
  /** Messages newly received by this session (not sent by it), in order. */
  received(list: Message[]): void;
  conversationsChanged(): void;
  /** A gap or an unknown conversation: ask the server for what is missing. */
  needSync(): void;
  /** A conversation the store has no profile for yet. */
  needConversation(conversationID: string): void;
  groupNotice(message: Message): void;
}

/**
 * Received messages in order, exactly once: each conversation delivers sequence N+1 after N; an
 * early message waits while the gap is fetched (sequence-gate.ts); anything already seen (by ID)
 * is dropped. Keeps the conversations' unread counts, @-tips and last messages exact.
 */
export class MessageStore {
  readonly conversations = new Map<string, ImConversation>();
  readonly messages = new Map<string, Message[]>();
  private readonly gate = new SequenceGate((m, own) => this.deliver(m, own));
  private readonly seen = new Set<string>();
  /** `random`s of this session's sends in flight: their echo is not a received message. */
  readonly ownRandoms = new Set<number>();
  /** Bumped by every local revoke/read change: a server snapshot older than it is refreshed again. */
  private readonly epoch = new Map<string, number>();
  /** deleteGroupAtTips marks: @-mentions at or below are not tips any more. */
  private readonly atRead = new Map<string, number>();
  private batch: Message[] = [];
  private flushQueued = false;
  private convChanged = false;

  constructor(private readonly hooks: StoreHooks) {}

  reset() {
    this.conversations.clear();
    this.messages.clear();
    this.gate.clear();
    this.seen.clear();
    this.ownRandoms.clear();
    this.atRead.clear();
  }

  known(): Record<string, number> {
    return this.gate.known();
  }

  /**
   * The last sequence of a conversation this session can show: what its pushes delivered, or what
   * a list snapshot (whose @-tips may run ahead of the pushes) said, whichever is later.
   */
  shownUpTo(conversationID: string): number | undefined {
    const delivered = this.gate.known()[conversationID];
    const listed = this.conversations.get(conversationID)?.lastMessage.lastSequence;
    if (delivered === undefined) return listed;
    return listed === undefined ? delivered : Math.max(delivered, listed);
  }

  hasPending() {
    return this.gate.hasPending();
  }

  epochs(): Map<string, number> {
    return new Map(this.epoch);
  }

  private bump(id: string) {
    this.epoch.set(id, (this.epoch.get(id) ?? 0) + 1);
  }

  /** The conversation list snapshot (login or sync): its last sequences are already history. */
  applyList(list: ImConversation[], complete: boolean, asOf?: Map<string, number>) {
    const ids = new Set(list.map((c) => c.conversationID));
    if (complete) {
      for (const id of [...this.conversations.keys()])
        if (!ids.has(id)) this.conversations.delete(id);
    }
    for (const c of list) {
      const id = c.conversationID;
      if (this.gate.last(id) === undefined && complete)
        this.gate.startAfter(id, c.lastMessage.lastSequence);
      else if (asOf) this.gate.skipGaps(id, c.lastMessage.lastSequence);
      this.mergeConversation(c, asOf);
    }
    this.gate.flushAll();
    this.changed();
  }

  /**
   * A later page of the list (after SDK_READY): snapshots, so an unknown conversation starts at
   * its last sequence, or just before a message already pushed here (that one is new here).
   */
  applyPage(list: ImConversation[], asOf: Map<string, number>) {
    for (const c of list) {
      const id = c.conversationID;
      if (this.gate.last(id) === undefined) {
        const parked = this.gate.parkedSequences(id);
        this.gate.startAfter(id, Math.min(c.lastMessage.lastSequence, ...parked.map((s) => s - 1)));
      }
      this.mergeConversation(c, asOf);
      this.gate.flush(id);
    }
    this.changed();
  }

  /** Conversations known only by parked pushes: no snapshot has told where they start here. */
  orphans(): string[] {
    return this.gate.orphans();
  }

  /** Starts an orphan just before its first parked message: what was pushed here is new here. */
  adopt(id: string) {
    const parked = this.gate.parkedSequences(id);
    if (!parked.length || this.gate.last(id) !== undefined) return;
    this.gate.startAfter(id, Math.min(...parked) - 1);
    this.gate.flush(id);
    if (this.gate.parkedSequences(id).length) this.hooks.needSync();
  }

  /** deleteGroupAtTips (here or on another session): tips up to `seq` go, nothing is read. */
  clearAtTips(conversationID: string, seq: number) {
    this.atRead.set(conversationID, Math.max(this.atRead.get(conversationID) ?? 0, seq));
    this.bump(conversationID);
    const conv = this.conversations.get(conversationID);
    if (conv) {
      conv.groupAtInfoList = conv.groupAtInfoList.filter((a) => a.messageSequence > seq);
      this.changed();
    }
  }

  private atTip(m: Message): number[] {
    return m.sequence > (this.atRead.get(m.conversationID) ?? 0) ? atTypes(m, this.hooks.me()) : [];
  }

  /** Messages returned by a sync: they follow what we said we know, so each starts its conversation. */
  applyMissed(list: ImMessage[]) {
    for (const m of list) {
      if (this.gate.last(m.conversationID) === undefined)
        this.gate.startAfter(m.conversationID, m.sequence - 1);
      this.accept(m, false);
    }
  }

  /** Server truth for one conversation, plus what arrived here after the server took its snapshot. */
  mergeConversation(server: ImConversation, asOf?: Map<string, number>) {
    const id = server.conversationID;
    if (asOf && (asOf.get(id) ?? 0) !== (this.epoch.get(id) ?? 0)) {
      this.hooks.needConversation(id);
      // Removed (deleted, left) since the snapshot was read: it stays out until the fresh read
      // says otherwise, rather than coming back for a moment.
      if (!this.conversations.has(id)) return;
    }
    const local = this.messages.get(server.conversationID) ?? [];
    const later = local.filter((m) => m.sequence > server.lastMessage.lastSequence);
    const conv: ImConversation = { ...server, lastMessage: { ...server.lastMessage } };
    for (const m of later) {
      if (counts(m, conv.readSequence)) conv.unreadCount++;
      const at = this.atTip(m);
      if (at.length)
        conv.groupAtInfoList = [
          ...conv.groupAtInfoList,
          { from: m.from, groupID: m.to, messageSequence: m.sequence, atTypeArray: at },
        ];
      conv.lastMessage = lastMessageOf(m);
    }
    this.conversations.set(conv.conversationID, conv);
    this.changed();
  }

  /** A message pushed by the server: sent while this session was connected. */
  acceptPush(m: ImMessage) {
    const upTo = this.gate.last(m.conversationID);
    // A list snapshot that already held it set where the conversation starts here (its push came
    // after the page, as it can across cluster nodes). It is new to this session all the same:
    // announced once, not counted again (deliver counts only what the snapshot did not).
    if (upTo !== undefined && m.sequence <= upTo && !this.seen.has(m.ID) && !this.cached(m)) {
      this.deliver(m, false);
      return;
    }
    this.accept(m, false);
  }

  private cached(m: ImMessage): boolean {
    return this.messages.get(m.conversationID)?.some((x) => x.ID === m.ID) ?? false;
  }

  accept(m: ImMessage, own: boolean) {
    if (this.seen.has(m.ID)) return;
    if (!this.gate.offer(m, own)) this.hooks.needSync();
  }

  private deliver(raw: ImMessage, own: boolean) {
    const me = this.hooks.me();
    const mine = raw.from === me;
    const ownEcho = own || (mine && this.ownRandoms.has(raw.random));
    const conv = this.conversations.get(raw.conversationID);
    // The sender's own object is kept, so later changes (revoked, peer-read) show on it.
    const msg = own ? (raw as Message) : this.local(raw);
    // Its revoke overtook it (it was parked behind a gap): it arrives revoked, not unread.
    if (!msg.isRevoked && this.seen.has(`revoked:${msg.ID}`)) revokeLocally(msg);
    this.seen.add(msg.ID);
    this.remember(msg);
    // A message the conversation already reflects (a server snapshot that overtook its push) is
    // not counted again.
    if (conv && msg.sequence > conv.lastMessage.lastSequence) {
      if (counts(msg, conv.readSequence)) conv.unreadCount++;
      const at = this.atTip(msg);
      if (at.length && msg.sequence > conv.readSequence) {
        conv.groupAtInfoList = [
          ...conv.groupAtInfoList,
          { from: msg.from, groupID: msg.to, messageSequence: msg.sequence, atTypeArray: at },
        ];
      }
      conv.lastMessage = lastMessageOf(msg);
      this.changed();
    } else if (conv) {
      this.changed();
    } else {
      this.hooks.needConversation(raw.conversationID);
    }
    if (ownEcho) return;
    this.batch.push(msg);
    if (msg.type === 'TIMGroupSystemNoticeElem') this.hooks.groupNotice(msg);
    this.queueFlush();
  }

  local(raw: ImMessage): Message {
    const me = this.hooks.me();
    const conv = this.conversations.get(raw.conversationID);
    const flow = raw.from === me ? 'out' : 'in';
    const timeMs = (raw as ImMessage & { timeMs?: number }).timeMs ?? raw.time * 1000;
    return {
      ...raw,
      timeMs,
      flow,
      status: 'success',
      isRead: flow === 'out' || raw.sequence <= (conv?.readSequence ?? 0),
      isPeerRead: flow === 'out' && timeMs <= (conv?.peerReadTime ?? 0),
    };
  }

  remember(msg: Message) {
    let list = this.messages.get(msg.conversationID);
    if (!list) {
      list = [];
      this.messages.set(msg.conversationID, list);
    }
    if (list.some((m) => m.ID === msg.ID)) return;
    list.push(msg);
    list.sort((a, b) => a.sequence - b.sequence);
    if (list.length > KEEP_PER_CONVERSATION) list.splice(0, list.length - KEEP_PER_CONVERSATION);
  }

  /** Marks a message revoked once; returns it (or a stub) when this changed anything. */
  revoke(conversationID: string, sequence: number, ID: string): Message | undefined {
    const cached = this.messages.get(conversationID)?.find((m) => m.sequence === sequence);
    if (cached?.isRevoked) return undefined;
    const key = `revoked:${ID}`;
    if (this.seen.has(key)) return undefined;
    this.seen.add(key);
    this.bump(conversationID);
    const conv = this.conversations.get(conversationID);
    if (cached) {
      if (conv && counts(cached, conv.readSequence) && conv.unreadCount > 0) conv.unreadCount--;
      revokeLocally(cached);
      if (conv && conv.lastMessage.lastSequence === sequence) {
        conv.lastMessage = {
          ...conv.lastMessage,
          isRevoked: true,
          messageForShow: '',
          payload: {},
        };
      }
      this.changed();
      return cached;
    }
    this.hooks.needConversation(conversationID);
    return { ID, conversationID, sequence, isRevoked: true } as Message;
  }

  markRead(conversationID: string, readSequence: number) {
    this.bump(conversationID);
    const conv = this.conversations.get(conversationID);
    if (conv) {
      conv.readSequence = Math.max(conv.readSequence, readSequence);
      const list = this.messages.get(conversationID) ?? [];
      conv.unreadCount = list.filter((m) => counts(m, conv.readSequence)).length;
      conv.groupAtInfoList = conv.groupAtInfoList.filter(
        (a) => a.messageSequence > conv.readSequence,
      );
      for (const m of list) if (m.sequence <= conv.readSequence) m.isRead = true;
      this.changed();
    }
  }

  peerRead(conversationID: string, peerReadTime: number): Message[] {
    const conv = this.conversations.get(conversationID);
    if (conv) conv.peerReadTime = Math.max(conv.peerReadTime, peerReadTime);
    const changed: Message[] = [];
    for (const m of this.messages.get(conversationID) ?? []) {
      if (m.flow === 'out' && !m.isPeerRead && m.timeMs <= peerReadTime) {
        m.isPeerRead = true;
        changed.push(m);
      }
    }
    return changed;
  }

  removeConversation(conversationID: string, forget: boolean) {
    // A snapshot read before the removal and merged after it is checked again (and found gone).
    this.bump(conversationID);
    this.conversations.delete(conversationID);
    this.messages.delete(conversationID);
    if (forget) this.gate.forget(conversationID);
    this.changed();
  }

  /** Every conversation's unread messages added up (TIM's total unread). */
  totalUnread(): number {
    let n = 0;
    for (const c of this.conversations.values()) n += Math.max(0, c.unreadCount);
    return n;
  }

  sortedConversations(): ImConversation[] {
    return [...this.conversations.values()].sort(compareConversations);
  }

  private changed() {
    this.convChanged = true;
    this.queueFlush();
  }

  private queueFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      const batch = this.batch;
      this.batch = [];
      if (batch.length) this.hooks.received(batch);
      if (this.convChanged) {
        this.convChanged = false;
        this.hooks.conversationsChanged();
      }
    });
  }
}
