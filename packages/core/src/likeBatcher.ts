import { LIVE_LIKE_BATCH_MAX } from '@chaopin/contracts';

export interface LikeBatcherOptions {
  /** Sends one batch; a rejection drops that batch (the taps were shown already)… */
  send: (count: number) => Promise<unknown>;
  /** …unless this says the server only asked to wait (too fast): then the taps go with the next. */
  requeue?: (error: unknown) => boolean;
  /**
   * At most one call this often. The server allows one a second per viewer, timed from when it
   * handled the last one, so the default leaves a margin for the network's jitter.
   */
  intervalMs?: number;
  /** Taps one call may carry. */
  max?: number;
  now?: () => number;
}

/**
 * Taps on the like button are counted here and sent as one `live/like` call at most once per
 * interval: the first tap after a quiet second goes out at once, later ones wait for the next slot.
 */
export class LikeBatcher {
  private pending = 0;
  private lastSent = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight = false;
  private disposed = false;
  private readonly intervalMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(private readonly options: LikeBatcherOptions) {
    this.intervalMs = options.intervalMs ?? 1150;
    this.max = options.max ?? LIVE_LIKE_BATCH_MAX;
    this.now = options.now ?? Date.now;
  }

  /** Taps counted but not sent yet. */
  get queued(): number {
    return this.pending;
  }

  tap(count = 1): void {
    if (this.disposed || count <= 0) return;
    this.pending += count;
    this.schedule();
  }

  /** Sends what is left (leaving the room); later taps are ignored. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending > 0 && !this.inflight) {
      const count = Math.min(this.pending, this.max);
      this.pending = 0;
      void this.options.send(count).catch(() => undefined);
    }
  }

  private schedule(): void {
    if (this.timer || this.inflight || this.pending === 0) return;
    const wait = Math.max(0, this.lastSent + this.intervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    if (this.pending === 0 || this.disposed) return;
    const count = Math.min(this.pending, this.max);
    this.pending -= count;
    this.lastSent = this.now();
    this.inflight = true;
    try {
      await this.options.send(count);
    } catch (error) {
      // A lost batch is not retried (the hearts were shown, the count is only a tally), but a
      // batch refused as too fast is sent again with the next one.
      if (this.options.requeue?.(error)) this.pending += count;
    } finally {
      this.inflight = false;
    }
    if (!this.disposed) this.schedule();
  }
}
