import { LIVE_LOSS_CHECK_EVERY, LIVE_LOSS_GAP_MAX, type LiveMessage } from '@chaopin/contracts';

/**
 * Per-room ordering for a live-room viewer: delivers each sequence exactly once and in order,
 * holding back messages after a gap until the gap is re-fetched from the server's ring buffer (or
 * found gone from it: then skipped and counted in `lost`).
 *
 * SPEC §9's loss check (every LIVE_LOSS_CHECK_EVERY messages, gaps up to LIVE_LOSS_GAP_MAX) is kept
 * as the retry cadence: a gap is fetched as soon as it is seen; if that fetch failed, the check
 * every 40 messages asks again. Gaps wider than 20 (a reconnect) are fetched too, which the vendor
 * SDK did not do.
 */
export class SeqTracker {
  /** The next sequence to deliver; 0 until the join answer tells it. */
  expected = 0;
  private readonly held = new Map<number, LiveMessage>();
  private counted = 0;
  /** Gap currently being fetched: [from, to]. */
  pending: [number, number] | null = null;
  lost = 0;
  /** Whether the last gap was wider than SPEC's possible-loss window (a reconnect, not a drop). */
  wide = false;

  constructor(
    private readonly deliver: (messages: LiveMessage[]) => void,
    private readonly fetchGap: (from: number, to: number) => void,
  ) {}

  /** Sets the starting point (join / rejoin). Messages before it are not wanted. */
  start(nextSeq: number): void {
    if (this.expected === 0) this.expected = nextSeq;
    else if (nextSeq > this.expected) {
      // after a reconnect: what was posted meanwhile is a gap to fetch
      this.checkGap(nextSeq);
    }
  }

  /** Messages from a batch or a fetch answer, in any order, possibly repeated. */
  add(messages: LiveMessage[]): void {
    for (const m of messages) {
      if (this.expected === 0) this.expected = m.sequence;
      if (m.sequence >= this.expected) this.held.set(m.sequence, m);
    }
    const out: LiveMessage[] = [];
    while (this.held.has(this.expected)) {
      out.push(this.held.get(this.expected) as LiveMessage);
      this.held.delete(this.expected);
      this.expected++;
    }
    if (this.pending && this.expected > this.pending[1]) this.pending = null;
    if (out.length) this.deliver(out);
    this.counted += messages.length;
    const gapEnd = this.held.size ? Math.min(...this.held.keys()) : 0;
    if (gapEnd && !this.pending) this.checkGap(gapEnd);
    else if (this.counted >= LIVE_LOSS_CHECK_EVERY) {
      this.counted = 0;
      if (gapEnd) this.checkGap(gapEnd);
    }
  }

  /** Asks for [expected, before-1]; the widest request is capped to the ring (server side). */
  private checkGap(before: number): void {
    const from = this.expected;
    const to = before - 1;
    if (to < from) return;
    if (this.pending) return;
    this.pending = [from, to];
    this.wide = to - from + 1 > LIVE_LOSS_GAP_MAX;
    this.fetchGap(from, to);
  }

  /** The fetch for [from, to] answered (or failed): whatever is still missing is lost for good. */
  fetched(from: number, to: number, messages: LiveMessage[]): void {
    this.pending = null;
    this.add(messages);
    if (this.expected >= from && this.expected <= to) {
      const nextHeld = this.held.size ? Math.min(...this.held.keys()) : to + 1;
      const skipTo = Math.min(nextHeld, to + 1);
      this.lost += skipTo - this.expected;
      this.expected = skipTo;
      this.add([]);
    }
  }

  /** The fetch failed (connection): the next check asks again. */
  fetchFailed(): void {
    this.pending = null;
  }

  reset(): void {
    this.expected = 0;
    this.held.clear();
    this.pending = null;
    this.counted = 0;
  }
}
