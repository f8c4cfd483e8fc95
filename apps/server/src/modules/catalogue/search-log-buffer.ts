/**
 * Anonymous searches feed the hot-keyword ranking, which tolerates a delay: they are collected in
 * memory and written in one batch every few seconds, so that a search costs no write. Signed-in
 * searches are written at once (their history must show immediately).
 */
export class SearchLogBuffer {
  private pending: string[] = [];
  /** The batch being written: a flush waits for it, so "flushed" means "in the table". */
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (keywords: string[]) => Promise<void>,
    flushEveryMs = 2000,
    private readonly maxPending = 10_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), flushEveryMs);
    this.timer.unref();
  }

  add(keyword: string): void {
    // Under a flood, later keywords are dropped rather than growing memory without bound.
    if (this.pending.length < this.maxPending) this.pending.push(keyword);
  }

  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const previous = this.writing.catch(() => {});
    this.writing = batch.length === 0 ? previous : previous.then(() => this.write(batch));
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
