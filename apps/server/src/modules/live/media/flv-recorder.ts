import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FLV_HEADER } from './flv-tags.ts';
import type { Recording } from './media-port.ts';
import { remuxToMp4 } from './mp4-remux.ts';

/**
 * If the disk falls this far behind the stream, the recording is given up rather than holding
 * the stream in memory (the live broadcast goes on).
 */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/**
 * Writes one publish to `<dir>/<base>.flv.part` as it arrives; when the publish ends the file is
 * renamed to `.flv` (so the replay route never serves half a file) and remuxed to MP4 when ffmpeg
 * is there.
 */
export class FlvRecorder {
  private readonly out: WriteStream;
  private failed = false;
  private firstTs: number | undefined;
  private lastTs = 0;

  /** `dir` exists (the engine makes it when it starts). */
  constructor(
    private readonly dir: string,
    private readonly base: string,
    private readonly ffmpeg: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.out = createWriteStream(this.partPath);
    this.out.on('error', (err) => {
      this.failed = true;
      this.log.warn({ err, base }, 'live recording failed');
    });
    this.out.write(FLV_HEADER);
  }

  private get partPath() {
    return join(this.dir, `${this.base}.flv.part`);
  }

  /** Appends a tag; `timestamp` (ms) of audio/video tags gives the duration. */
  write(tag: Buffer, timestamp: number, media: boolean): void {
    if (this.failed) return;
    if (this.out.writableLength > MAX_PENDING_BYTES) {
      this.failed = true;
      this.log.warn({ base: this.base }, 'live recording dropped: the disk is too slow');
      this.out.destroy();
      return;
    }
    if (media) {
      this.firstTs ??= timestamp;
      this.lastTs = timestamp;
    }
    this.out.write(tag);
  }

  /** Closes the file and makes the replay: MP4 when ffmpeg remuxes it, else the FLV. */
  async finish(): Promise<Recording | null> {
    const ended = await new Promise<boolean>((resolve) => {
      if (this.out.destroyed) return resolve(false);
      this.out.end(() => resolve(true));
      this.out.once('error', () => resolve(false));
    });
    if (!ended || this.failed || this.firstTs === undefined) {
      await rm(this.partPath, { force: true });
      return null;
    }
    const durationMs = Math.max(0, this.lastTs - this.firstTs);
    const flv = join(this.dir, `${this.base}.flv`);
    await rename(this.partPath, flv);
    const mp4 = join(this.dir, `${this.base}.mp4`);
    if (await remuxToMp4(this.ffmpeg, flv, mp4, this.log)) {
      await rm(flv, { force: true });
      return { file: `${this.base}.mp4`, format: 'mp4', bytes: (await stat(mp4)).size, durationMs };
    }
    return { file: `${this.base}.flv`, format: 'flv', bytes: (await stat(flv)).size, durationMs };
  }

  /** Discards the recording (the publish was never accepted, or the engine is closing). */
  async abort(): Promise<void> {
    this.out.destroy();
    await rm(this.partPath, { force: true });
  }
}
