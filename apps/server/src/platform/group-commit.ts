/**
 * Group commit: writes submitted while the database is busy are stored together by the next
 * statement. At most `maxInFlight` batches run at once; everything that arrives meanwhile waits
 * and goes in one batch (≤ `maxBatch`) when a slot frees, so under load a commit carries many
 * writes and at rest a write goes alone after one event-loop turn. Items with the same key in one
 * batch share one write. When a batch fails as a whole (a deadlock, a bad row), each of its items
 * is retried alone so that one bad item fails only its own caller.
 *
 * Items of one lane (a conversation) are written in the order they were submitted: a lane with a
 * batch in flight waits, so two batches in flight never race for the same lane's rows and the
 * later one can never commit first (which would number a sender's messages out of order).
 *
 * DataLoader batches per tick but has no cap on batches in flight (under load it would start a
 * small statement every tick instead of letting the queue grow), hence this small queue.
 */
export class GroupCommit<I, R> {
  private queue: Entry<I, R>[] = [];
  private byKey = new Map<string, { waiters: Waiter<R>[] }>();
  /** Lanes with a batch in flight. */
  private busyLanes = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly write: (items: I[]) => Promise<R[]>,
    private readonly opts: {
      keyOf: (item: I) => string;
      /** Items of one lane keep their order; without it every item is its own lane. */
      laneOf?: (item: I) => string;
      maxInFlight: number;
      maxBatch: number;
    },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const key = this.opts.keyOf(item);
      const queued = this.byKey.get(key);
      if (queued) {
        queued.waiters.push({ resolve, reject });
        return;
      }
      const lane = this.opts.laneOf?.(item) ?? key;
      const entry = { key, lane, item, waiters: [{ resolve, reject }] };
      this.queue.push(entry);
      this.byKey.set(key, entry);
      this.schedule();
    });
  }

  /**
   * Resolves once nothing is queued or in flight: at shutdown, the batches of requests whose
   * clients already left still commit before the database is closed under them.
   */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle() {
    return this.inFlight === 0 && this.queue.length === 0 && !this.scheduled;
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight) return;
    this.scheduled = true;
    // One turn of the event loop: the sends read from sockets in this turn go together.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length) {
      const batch = this.takeBatch();
      if (!batch.length) return; // everything waiting is behind a batch in flight
      const lanes = new Set(batch.map((e) => e.lane));
      for (const e of batch) this.byKey.delete(e.key);
      for (const l of lanes) this.busyLanes.add(l);
      this.inFlight++;
      this.run(batch).finally(() => {
        for (const l of lanes) this.busyLanes.delete(l);
        this.inFlight--;
        if (this.queue.length) this.schedule();
        else if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  /** The first `maxBatch` waiting items whose lane is free, in submission order. */
  private takeBatch(): Entry<I, R>[] {
    const batch: Entry<I, R>[] = [];
    const rest: Entry<I, R>[] = [];
    for (const e of this.queue) {
      if (batch.length < this.opts.maxBatch && !this.busyLanes.has(e.lane)) batch.push(e);
      else rest.push(e);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Entry<I, R>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((e) => e.item));
      batch.forEach((e, i) => {
        for (const w of e.waiters) w.resolve(results[i] as R);
      });
    } catch (err) {
      if (batch.length === 1) {
        for (const w of batch[0]?.waiters ?? []) w.reject(err);
        return;
      }
      // One at a time, in order, so that a lane's order holds on the retry too.
      for (const e of batch) await this.run([e]);
    }
  }
}

interface Entry<I, R> {
  key: string;
  lane: string;
  item: I;
  waiters: Waiter<R>[];
}

interface Waiter<R> {
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}
