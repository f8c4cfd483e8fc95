import type { ImMessage } from '@chaopin/contracts';

/**
 * The order of received messages, per conversation: sequence N+1 is delivered after N; a message
 * early for its place is parked while the gap is fetched. What delivery does is the store's.
 */
export class SequenceGate {
  /** The last sequence delivered here, per conversation started here. */
  private readonly lastSeq = new Map<string, number>();
  private readonly pending = new Map<string, Map<number, ImMessage>>();

  constructor(private readonly deliver: (m: ImMessage, own: boolean) => void) {}

  clear() {
    this.lastSeq.clear();
    this.pending.clear();
  }

  known(): Record<string, number> {
    return Object.fromEntries(this.lastSeq);
  }

  hasPending() {
    for (const p of this.pending.values()) if (p.size) return true;
    return false;
  }

  /** Undefined until a snapshot or a message has said where the conversation starts here. */
  last(id: string): number | undefined {
    return this.lastSeq.get(id);
  }

  /** Starts a conversation here after `seq`: what is at or below it is history. */
  startAfter(id: string, seq: number) {
    this.lastSeq.set(id, seq);
  }

  forget(id: string) {
    this.lastSeq.delete(id);
    this.pending.delete(id);
  }

  parkedSequences(id: string): number[] {
    return [...(this.pending.get(id)?.keys() ?? [])];
  }

  /** Conversations known only by parked pushes: no snapshot has told where they start here. */
  orphans(): string[] {
    return [...this.pending]
      .filter(([id, p]) => p.size > 0 && !this.lastSeq.has(id))
      .map(([id]) => id);
  }

  /**
   * Delivers `m` when it is next in its conversation (and whatever was parked behind it); drops
   * one already delivered; parks one early for its place. False when it waits: ask for a sync.
   */
  offer(m: ImMessage, own: boolean): boolean {
    const id = m.conversationID;
    const last = this.lastSeq.get(id);
    // Sequence 1 opens a conversation: nothing can come before it.
    if (last === undefined && m.sequence === 1) this.lastSeq.set(id, 0);
    else if (last === undefined) {
      this.park(m);
      return false;
    }
    const upTo = this.lastSeq.get(id) ?? 0;
    if (m.sequence <= upTo) return true;
    if (m.sequence === upTo + 1) {
      this.deliver(m, own);
      this.lastSeq.set(id, m.sequence);
      this.flush(id);
      return true;
    }
    this.park(m);
    return false;
  }

  /**
   * After a complete sync, a sequence still missing below a parked message does not exist (a
   * parked message committed before the sync began, and so did every sequence before it): the
   * parked messages up to the server's last sequence are delivered in order over the gap.
   */
  skipGaps(id: string, upTo: number) {
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

  /** Delivers what was parked and is next now, in order; drops what is already history. */
  flush(id: string) {
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

  flushAll() {
    for (const id of this.pending.keys()) this.flush(id);
  }

  private park(m: ImMessage) {
    let p = this.pending.get(m.conversationID);
    if (!p) {
      p = new Map();
      this.pending.set(m.conversationID, p);
    }
    p.set(m.sequence, m);
  }
}
