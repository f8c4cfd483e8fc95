import { compareConversations, type ImConversation, type ImMessage } from '@chaopin/contracts';
import { atTypes, counts, lastMessageOf } from './message-summary.ts';
import type { Message } from './types.ts';

const KEEP_PER_CONVERSATION = 100;

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
 * early message waits while the gap is fetched; anything already seen (by ID) is dropped.
 */
export class MessageStore {
  readonly conversations = new Map<string, ImConversation>();
  readonly messages = new Map<string, Message[]>();
  private readonly lastSeq = new Map<string, number>();
  private readonly pending = new Map<string, Map<number, ImMessage>>();
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
    this.lastSeq.clear();
    this.pending.clear();
    this.seen.clear();
    this.ownRandoms.clear();
    this.atRead.clear();
  }

  known(): Record<string, number> {
    return Object.fromEntries(this.lastSeq);
  }

  hasPending() {
    for (const p of this.pending.values()) if (p.size) return true;
    return false;
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
      if (!this.lastSeq.has(id) && complete) this.lastSeq.set(id, c.lastMessage.lastSequence);
      else if (asOf) this.skipGaps(id, c.lastMessage.lastSequence);
      this.mergeConversation(c, asOf);
    }
    for (const id of this.pending.keys()) this.flush(id);
    this.changed();
  }

  /**
   * A later page of the list (after SDK_READY): snapshots, so an unknown conversation starts at
   * its last sequence, or just before a message already pushed here (that one is new here).
   */
  applyPage(list: ImConversation[], asOf: Map<string, number>) {
    for (const c of list) {
      const id = c.conversationID;
      if (!this.lastSeq.has(id)) {
        const parked = [...(this.pending.get(id)?.keys() ?? [])];
        this.lastSeq.set(id, Math.min(c.lastMessage.lastSequence, ...parked.map((s) => s - 1)));
      }
      this.mergeConversation(c, asOf);
      this.flush(id);
    }
    this.changed();
  }

  /** Conversations known only by parked pushes: no snapshot has told where they start here. */
  orphans(): string[] {
    return [...this.pending]
      .filter(([id, p]) => p.size > 0 && !this.lastSeq.has(id))
      .map(([id]) => id);
  }

  /** Starts an orphan just before its first parked message: what was pushed here is new here. */
  adopt(id: string) {
    const p = this.pending.get(id);
    if (!p?.size || this.lastSeq.has(id)) return;
    this.lastSeq.set(id, Math.min(...p.keys()) - 1);
    this.flush(id);
    if (this.pending.get(id)?.size) this.hooks.needSync();
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
      if (!this.lastSeq.has(m.conversationID)) this.lastSeq.set(m.conversationID, m.sequence - 1);
      this.accept(m, false);
    }
  }

  /** Server truth for one conversation, plus what arrived here after the server took its snapshot. */
  mergeConversation(server: ImConversation, asOf?: Map<string, number>) {
    const id = server.conversationID;
    if (asOf && (asOf.get(id) ?? 0) !== (this.epoch.get(id) ?? 0)) this.hooks.needConversation(id);
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
    const upTo = this.lastSeq.get(m.conversationID);
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
    const id = m.conversationID;
    if (this.seen.has(m.ID)) return;
    const last = this.lastSeq.get(id);
    // Sequence 1 opens a conversation: nothing can come before it.
    if (last === undefined && m.sequence === 1) this.lastSeq.set(id, 0);
    else if (last === undefined) {
      this.park(m);
      this.hooks.needSync();
      return;
    }
    const upTo = this.lastSeq.get(id) ?? 0;
    if (m.sequence <= upTo) return;
    if (m.sequence === upTo + 1) {
      this.deliver(m, own);
      this.lastSeq.set(id, m.sequence);
      this.flush(id);
      return;
    }
    this.park(m);
    this.hooks.needSync();
  }

  /**
   * After a complete sync, a sequence still missing below a parked message does not exist (a
   * parked message committed before the sync began, and so did every sequence before it): the
   * parked messages up to the server's last sequence are delivered in order over the gap.
   */
  private skipGaps(id: string, upTo: number) {
    const p = this.pending.get(id);
    if (!p) return;
    for (const seq of [...p.keys()].sort((a, b) => a - b)) {
      const m = p.get(seq);
      if (!m || seq > upTo) break;
      p.delete(seq);
      if (seq > (this.lastSeq.get(id) ?? 0)) {
        this.deliver(m, false);
        this.lastSeq.set(id, seq);
      }
    }
  }

  private park(m: ImMessage) {
    let p = this.pending.get(m.conversationID);
    if (!p) {
      p = new Map();
      this.pending.set(m.conversationID, p);
    }
    p.set(m.sequence, m);
  }

  private flush(id: string) {
    const p = this.pending.get(id);
    const last = this.lastSeq.get(id);
    if (!p || last === undefined) return;
    let seq = last;
    for (const s of [...p.keys()]) if (s <= seq) p.delete(s);
    for (let next = p.get(seq + 1); next; next = p.get(seq + 1)) {
      p.delete(seq + 1);
      this.deliver(next, false);
      seq++;
    }
    this.lastSeq.set(id, seq);
    if (!p.size) this.pending.delete(id);
  }

  private deliver(raw: ImMessage, own: boolean) {
    const me = this.hooks.me();
    const mine = raw.from === me;
    const ownEcho = own || (mine && this.ownRandoms.has(raw.random));
    const conv = this.conversations.get(raw.conversationID);
    // The sender's own object is kept, so later changes (revoked, peer-read) show on it.
    const msg = own ? (raw as Message) : this.local(raw);
    // Its revoke overtook it (it was parked behind a gap): it arrives revoked, not unread.
    if (!msg.isRevoked && this.seen.has(`revoked:${msg.ID}`)) {
      msg.isRevoked = true;
      msg.payload = {};
    }
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
      cached.isRevoked = true;
      cached.payload = {};
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
    if (forget) {
      this.lastSeq.delete(conversationID);
      this.pending.delete(conversationID);
    }
    this.changed();
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
