import { FLV_HEADER, type TagRole } from './flv-tags.ts';

/** A player connection (HTTP-FLV response or WS-FLV socket). */
export interface FlvViewer {
  /** Queues bytes to send; never blocks (the fan-out checks `buffered` before each tag). */
  write(chunk: Buffer): void;
  /** Bytes queued and not yet taken by the kernel. */
  readonly buffered: number;
  /** Ends the connection now (dropped, or the stream ended). */
  close(): void;
}

/**
 * A GOP larger than this is not kept for late joiners (they start at the next key frame): bounds
 * the memory a stream holds whatever its key-frame interval.
 */
const GOP_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * One live stream's FLV fan-out. A joining viewer gets the FLV header, metadata, the AAC/AVC
 * sequence headers and the cached GOP from the last key frame (so its picture starts at once),
 * then every live tag. Each tag is one Buffer shared by all viewers.
 *
 * Backpressure: a socket never refuses a write, it queues it in memory. A viewer that stops
 * reading (stalled player, dead phone link) would so hold every tag from then on: 50 of them grew
 * node-media-server's heap by 120 MB in two minutes. So a viewer whose queue has passed
 * `maxBuffered` is dropped before the next tag; its player reconnects at the live edge.
 */
export class FlvFanout {
  private metadata: Buffer | undefined;
  private audioConfig: Buffer | undefined;
  private videoConfig: Buffer | undefined;
  private gop: Buffer[] = [];
  private gopBytes = 0;
  private readonly viewers = new Set<FlvViewer>();
  private ended = false;
  /** Viewers dropped for falling behind (tests, logs). */
  dropped = 0;

  constructor(
    private readonly maxBuffered: number,
    private readonly onDrop: (viewer: FlvViewer) => void = () => undefined,
  ) {}

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** Sends one tag to every viewer and keeps what late joiners need. */
  push(role: TagRole, tag: Buffer): void {
    switch (role) {
      case 'metadata':
        this.metadata = tag;
        break;
      case 'audio-config':
        this.audioConfig = tag;
        break;
      case 'video-config':
        this.videoConfig = tag;
        break;
      case 'keyframe':
        this.gop = [tag];
        this.gopBytes = tag.length;
        break;
      case 'frame':
        // Frames before the first key frame cannot be decoded by a late joiner: not cached.
        if (this.gop.length > 0) {
          this.gopBytes += tag.length;
          if (this.gopBytes > GOP_CACHE_MAX_BYTES) {
            this.gop = [];
            this.gopBytes = 0;
          } else this.gop.push(tag);
        }
        break;
    }
    for (const viewer of this.viewers) {
      if (viewer.buffered > this.maxBuffered) this.drop(viewer);
      else viewer.write(tag);
    }
  }

  /** Starts a viewer at the last key frame; false when the stream has ended. */
  add(viewer: FlvViewer): boolean {
    if (this.ended) return false;
    viewer.write(FLV_HEADER);
    for (const tag of [this.metadata, this.audioConfig, this.videoConfig]) {
      if (tag) viewer.write(tag);
    }
    for (const tag of this.gop) viewer.write(tag);
    this.viewers.add(viewer);
    return true;
  }

  remove(viewer: FlvViewer): void {
    this.viewers.delete(viewer);
  }

  /** The publish ended: every viewer is closed (its player retries or shows the end). */
  end(): void {
    this.ended = true;
    for (const viewer of this.viewers) viewer.close();
    this.viewers.clear();
    this.gop = [];
  }

  private drop(viewer: FlvViewer): void {
    this.viewers.delete(viewer);
    this.dropped++;
    viewer.close();
    this.onDrop(viewer);
  }
}
