import type { Deps } from '../../../deps.ts';

/** A finished recording of one publish: the replay file under DATA_DIR/live/. */
export interface Recording {
  /** The file name (served at recordUrl(file)). */
  file: string;
  format: 'mp4' | 'flv';
  bytes: number;
  durationMs: number;
}

/** What the live-room domain answers to the media engine. Implemented by the live module. */
export interface StreamGate {
  /**
   * A publisher wants to push stream `name` (the stream key, e.g. `r12`) with these query args
   * (sign, exp, …) from `addr`. Resolves with the room and live session when allowed (the room is
   * then marked live by the gate); null → the engine closes the publish at once.
   */
  publish(
    name: string,
    args: Record<string, string>,
    addr: string,
  ): Promise<{ roomId: number; sessionId: number } | null>;
  /**
   * The publish ended (publisher gone or cut). `recording` is the replay file when one was made
   * (after the remux). Idempotent: an external engine may call back twice.
   */
  publishDone(name: string, recording: Recording | null): Promise<void>;
  /** A viewer wants to play (the external engine's on_play); true to allow. Absent: all may play. */
  play?(name: string, args: Record<string, string>): Promise<boolean>;
}

/** The play URLs of a stream; which ones exist depends on the engine. */
export interface PlayUrls {
  flv?: string;
  wsFlv?: string;
  hls?: string;
}

export interface MediaEngine {
  readonly kind: 'embedded' | 'external' | 'off';
  /** Binds the ingest (embedded); idempotent. */
  start(): Promise<void>;
  /** Ends every publish and viewer and unbinds; idempotent (also run by the app's preClose). */
  close(): Promise<void>;
  /** Cuts the stream's publish at once (operator ban / host ends): the socket is closed now. */
  cut(name: string): void;
  /** Whether a publisher is on `name` on this node. */
  isPublishing(name: string): boolean;
  /** The RTMP push URL of `name`, without the signature query (the live module appends it). */
  pushUrl(name: string): string;
  playUrls(name: string): PlayUrls;
  /** The recording file's public URL path. */
  recordUrl(file: string): string;
  /** Viewers of `name` on this node (benchmarks, tests). */
  viewers(name: string): number;
}

/** The platform pieces the media engine uses. */
export type MediaDeps = Pick<Deps, 'config' | 'log'>;
