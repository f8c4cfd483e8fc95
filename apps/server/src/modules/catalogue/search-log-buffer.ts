/**
 * Anonymous searches feed the hot-keyword ranking, which tolerates a delay: they are counted in
 * memory per keyword and written as one row per keyword every few seconds, so that a search costs
 * no write and a flood of searches costs a handful of rows. Signed-in searches are written at once
 * (their history must show immediately).
 */
export class SearchLogBuffer {
  private pending = new Map<string, number>();
  /** The batch being written: a flush waits for it, so "flushed" means "in the table". */
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (counts: ReadonlyMap<string, number>) => Promise<void>,
    flushEveryMs = 2000,
    private readonly maxKeywords = 10_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), flushEveryMs);
    this.timer.unref();
  }

  add(keyword: string): void {
    const count = this.pending.get(keyword);
    if (count !== undefined) this.pending.set(keyword, count + 1);
    // Under a flood of distinct keywords, new ones are dropped rather than growing memory.
    else if (this.pending.size < this.maxKeywords) this.pending.set(keyword, 1);
  }

  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const previous = this.writing.catch(() => {});
    this.writing = batch.size === 0 ? previous : previous.then(() => this.write(batch));
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
