import { KEYWORD_MAX } from '@chaopin/contracts';
import { isSafeText } from '../../../platform/input-rules.ts';

/** After this many keywords in a row of a refused batch fail on their own too, the database is taken as down. */
const FAILURES_BEFORE_GIVING_UP = 3;

/**
 * Anonymous searches feed the hot-keyword ranking, which tolerates a delay: they are counted in
 * memory per keyword and written as one row per keyword every few seconds, so that a search costs
 * no write and a flood of searches costs a handful of rows. Signed-in searches are written at once
 * (their history must show immediately).
 *
 * Only a keyword that can be stored is buffered (1-30 characters, no NUL, no unpaired surrogate:
 * the search route has already checked it). A batch the database refuses is written again one
 * keyword at a time, so a keyword that cannot be written loses only itself; a flush never fails
 * (it reports to `onError`), so neither the reader waiting on it nor a later batch is affected.
 */
export class SearchLogBuffer {
  private pending = new Map<string, number>();
  /** The batch being written: a flush waits for it, so "flushed" means "in the table". */
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (counts: ReadonlyMap<string, number>) => Promise<void>,
    private readonly onError: (err: unknown, keywords: number) => void = () => {},
    flushEveryMs = 2000,
    private readonly maxKeywords = 10_000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  /** Counts a search; false (and nothing buffered) for a keyword that could not be stored. */
  add(keyword: string): boolean {
    if (!storable(keyword)) return false;
    const count = this.pending.get(keyword);
    if (count !== undefined) this.pending.set(keyword, count + 1);
    // Under a flood of distinct keywords, new ones are dropped rather than growing memory.
    else if (this.pending.size < this.maxKeywords) this.pending.set(keyword, 1);
    return true;
  }

  /** Writes what is buffered; resolves once it is in the table (or reported as lost), never rejects. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) this.writing = this.writing.then(() => this.writeBatch(batch));
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(batch: ReadonlyMap<string, number>): Promise<void> {
    try {
      await this.write(batch);
      return;
    } catch (err) {
      if (batch.size === 1) return this.onError(err, 1);
    }
    let failures = 0;
    let lost = 0;
    let lastError: unknown;
    for (const entry of batch) {
      if (failures >= FAILURES_BEFORE_GIVING_UP) {
        lost++;
        continue;
      }
      try {
        await this.write(new Map([entry]));
        failures = 0;
      } catch (err) {
        failures++;
        lost++;
        lastError = err;
      }
    }
    if (lost > 0) this.onError(lastError, lost);
  }
}

function storable(keyword: string): boolean {
  if (keyword.length === 0 || !isSafeText(keyword)) return false;
  let chars = 0;
  for (const _ of keyword) if (++chars > KEYWORD_MAX) return false;
  return true;
}
