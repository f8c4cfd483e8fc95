import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FlvFanout } from './flv-fanout.ts';
import { registerFlvPlayback } from './flv-play.ts';
import { FlvRecorder } from './flv-recorder.ts';
import type { MediaDeps, MediaEngine, PlayUrls, Recording, StreamGate } from './media-port.ts';
import { type PublishRequest, type RtmpConnection, RtmpIngest } from './rtmp-ingest.ts';
import {
  FLV_HTTP_PREFIX,
  FLV_WS_PREFIX,
  fillTemplate,
  RECORD_PREFIX,
  RTMP_APP,
  recordBaseName,
  STREAM_NAME,
} from './stream-paths.ts';

/** One accepted publish on this node. */
interface LivePublish {
  name: string;
  connection: RtmpConnection;
  fanout: FlvFanout;
  recorder: FlvRecorder;
  ended: boolean;
}

/** Where recordings are written and served from. */
export function recordDirOf(dataDir: string): string {
  return join(dataDir, 'live');
}

/**
 * The in-process engine: RTMP ingest (node-media-server's protocol parser on our own listener,
 * bound to HOST:RTMP_PORT), FLV playback on the main HTTP server, and a recording per publish.
 *
 * NMS's own server classes are not used: they keep every stream in one module-global context
 * (one instance per process, where tests run many apps), exit the process when a port is taken,
 * cannot bind port 0, answer publish before an asynchronous check could refuse it, hold a gone
 * publisher for 30 s, and write to players without backpressure.
 */
export class EmbeddedEngine implements MediaEngine {
  readonly kind = 'embedded';
  private readonly ingest: RtmpIngest;
  private readonly playback: { close(): void };
  /** Publishes the gate is deciding on, by stream name: a second push of the name is refused. */
  private readonly pending = new Map<string, RtmpConnection>();
  private readonly streams = new Map<string, LivePublish>();
  /** Ends in progress (recording finished, gate told): close() waits for them. */
  private readonly endings = new Set<Promise<void>>();
  private readonly recordDir: string;
  private port: number;
  private started: Promise<void> | undefined;
  private closing = false;

  constructor(
    app: FastifyInstance,
    private readonly deps: MediaDeps,
    private readonly gate: StreamGate,
  ) {
    this.port = deps.config.RTMP_PORT;
    this.recordDir = recordDirOf(deps.config.DATA_DIR);
    this.ingest = new RtmpIngest(deps.log, (connection) => {
      connection.onPublish = (request) => void this.authorize(connection, request);
    });
    this.playback = registerFlvPlayback(app, (name) => this.streams.get(name)?.fanout);
  }

  /** The bound RTMP port (RTMP_PORT, or the one picked for 0) once started. */
  get rtmpPort(): number {
    return this.port;
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      await mkdir(this.recordDir, { recursive: true });
      this.port = await this.ingest.listen(this.deps.config.HOST, this.deps.config.RTMP_PORT);
      this.deps.log.info({ port: this.port }, 'rtmp ingest listening');
    })();
    return this.started;
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const connection of this.pending.values()) connection.close();
    for (const name of [...this.streams.keys()]) this.cut(name);
    this.playback.close();
    await this.ingest.close();
    // Each cut publish still finishes its recording and tells the gate, while the database is open.
    await Promise.all([...this.endings]);
  }

  cut(name: string): void {
    this.pending.get(name)?.close();
    const publish = this.streams.get(name);
    if (!publish) return;
    publish.connection.close();
    // Not live from now on, whenever the socket's close event comes.
    void this.track(this.end(publish));
  }

  isPublishing(name: string): boolean {
    return this.streams.has(name);
  }

  pushUrl(name: string): string {
    const template = this.deps.config.MEDIA_PUSH_URL;
    if (template) return fillTemplate(template, { stream: name });
    const host = this.deps.config.MEDIA_PUBLIC_HOST;
    const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    return `rtmp://${hostPart}:${this.port}/${RTMP_APP}/${name}`;
  }

  playUrls(name: string): PlayUrls {
    // Same-origin paths: the web app plays them behind whatever host serves it.
    return { flv: `${FLV_HTTP_PREFIX}${name}.flv`, wsFlv: `${FLV_WS_PREFIX}${name}.flv` };
  }

  recordUrl(file: string): string {
    return `${RECORD_PREFIX}${file}`;
  }

  viewers(name: string): number {
    return this.streams.get(name)?.fanout.viewerCount ?? 0;
  }

  /** Asks the gate; one publisher per name on this node (the gate holds one live session per room). */
  private async authorize(connection: RtmpConnection, request: PublishRequest) {
    const { name } = request;
    if (
      this.closing ||
      request.app !== RTMP_APP ||
      !STREAM_NAME.test(name) ||
      this.pending.has(name) ||
      this.streams.has(name)
    ) {
      return connection.close();
    }
    this.pending.set(name, connection);
    let allowed: Awaited<ReturnType<StreamGate['publish']>> = null;
    try {
      allowed = await this.gate.publish(name, request.args, request.addr);
    } catch (err) {
      this.deps.log.error({ err, name }, 'stream gate failed; publish refused');
    } finally {
      this.pending.delete(name);
    }
    if (!allowed) {
      this.deps.log.info({ name, addr: request.addr }, 'rtmp publish refused');
      return connection.close();
    }
    if (connection.closed || this.closing) {
      // Gone (or cut) while the gate said yes: the gate marked the room live, so tell it it ended.
      connection.close();
      return this.track(this.gate.publishDone(name, null));
    }
    const base = recordBaseName(allowed.roomId, allowed.sessionId);
    const publish: LivePublish = {
      name,
      connection,
      fanout: new FlvFanout(this.deps.config.MEDIA_VIEWER_MAX_BUFFER, () =>
        this.deps.log.debug({ name }, 'slow flv viewer dropped'),
      ),
      recorder: new FlvRecorder(this.recordDir, base, this.deps.config.FFMPEG_PATH, this.deps.log),
      ended: false,
    };
    this.streams.set(name, publish);
    connection.onClose = () => void this.track(this.end(publish));
    connection.accept((tag) => {
      publish.fanout.push(tag.role, tag.tag);
      publish.recorder.write(tag.tag, tag.timestamp, tag.media);
    });
    this.deps.log.info(
      { name, roomId: allowed.roomId, addr: request.addr },
      'rtmp publish started',
    );
  }

  /** Once per publish: from the socket's close, or at once from cut(). */
  private async end(publish: LivePublish) {
    if (publish.ended) return;
    publish.ended = true;
    if (this.streams.get(publish.name) === publish) this.streams.delete(publish.name);
    publish.fanout.end();
    let recording: Recording | null = null;
    try {
      recording = await publish.recorder.finish();
    } catch (err) {
      this.deps.log.warn({ err, name: publish.name }, 'live recording could not be finished');
    }
    await this.gate.publishDone(publish.name, recording);
    this.deps.log.info({ name: publish.name, recording }, 'rtmp publish ended');
  }

  private track(ending: Promise<void>): Promise<void> {
    const tracked = ending
      .catch((err: unknown) => this.deps.log.error({ err }, 'stream gate publishDone failed'))
      .finally(() => this.endings.delete(tracked));
    this.endings.add(tracked);
    return tracked;
  }
}
