import type { FlvViewer } from './flv-fanout.ts';

/** Bytes handed to a connection before it has flushed them; the rest waits in an array. */
const IN_FLIGHT_MAX = 256 * 1024;

/** A player connection as the pacer sees it: a write with a callback once flushed, and an end. */
export interface ViewerSink {
  send(chunk: Buffer, flushed: (err?: Error | null) => void): void;
  close(): void;
}

/**
 * A viewer whose writes wait in a plain array while the connection is behind. A socket queues
 * every write it cannot flush as a request object, and destroying it fails each one with its own
 * error: dropping 100 stalled viewers built ~140,000 errors and held the event loop for 0.2-1.5 s
 * (bench/live fan-out). Here a connection holds at most IN_FLIGHT_MAX bytes of writes, so a drop
 * discards an array and fails a few dozen writes.
 */
export class PacedViewer implements FlvViewer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private inFlight = 0;
  private closed = false;

  constructor(private readonly sink: ViewerSink) {}

  get buffered(): number {
    return this.inFlight + this.pendingBytes;
  }

  write(chunk: Buffer): void {
    if (this.closed) return;
    // A tag larger than the window still goes when nothing is in flight, or it would wait forever.
    if (
      this.pending.length > 0 ||
      (this.inFlight > 0 && this.inFlight + chunk.length > IN_FLIGHT_MAX)
    ) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      return;
    }
    this.send(chunk);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.sink.close();
  }

  private send(chunk: Buffer): void {
    this.inFlight += chunk.length;
    this.sink.send(chunk, () => {
      this.inFlight -= chunk.length;
      this.flush();
    });
  }

  private flush(): void {
    while (!this.closed && this.pending.length > 0) {
      const next = this.pending[0] as Buffer;
      if (this.inFlight > 0 && this.inFlight + next.length > IN_FLIGHT_MAX) return;
      this.pending.shift();
      this.pendingBytes -= next.length;
      this.send(next);
    }
  }
}
