import type { FastifyInstance } from 'fastify';
import { registerMediaCallbacks } from './media-callbacks.ts';
import type { MediaDeps, MediaEngine, PlayUrls, StreamGate } from './media-port.ts';
import { fillTemplate, RECORD_PREFIX } from './stream-paths.ts';

/** How long a drop request to the media server may take (the cut must be quick or not at all). */
const CUT_TIMEOUT_MS = 1000;

/**
 * A media server outside this process (nginx-rtmp, SRS, a CDN's ingest) carries the video; it asks
 * us through its HTTP hooks whether a publish or play may go on and tells us when a publish ends.
 * Push and play URLs come from MEDIA_PUSH_URL / MEDIA_PLAY_URL; recordings, if any, are the media
 * server's (publishDone gets none).
 */
export class ExternalEngine implements MediaEngine {
  readonly kind = 'external';
  /** Streams publishing through this node's callbacks → the media server's client id. */
  private readonly publishing = new Map<string, string | undefined>();

  constructor(
    app: FastifyInstance,
    private readonly deps: MediaDeps,
    gate: StreamGate,
  ) {
    registerMediaCallbacks(app, deps.config.MEDIA_CALLBACK_TOKEN, {
      publish: async (call) => {
        const allowed = await gate.publish(call.name, call.args, call.addr);
        if (allowed) this.publishing.set(call.name, call.client);
        return allowed !== null;
      },
      publishDone: async (call) => {
        this.publishing.delete(call.name);
        await gate.publishDone(call.name, null);
      },
      play: async (call) => (gate.play ? gate.play(call.name, call.args) : true),
    });
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}

  /**
   * Asks the media server to drop the publisher (MEDIA_CUT_URL, e.g. nginx-rtmp's
   * `/control/drop/publisher?app=live&name={stream}`); the gate refuses its next publish either way.
   */
  cut(name: string): void {
    const template = this.deps.config.MEDIA_CUT_URL;
    if (!template) return;
    const client = this.publishing.get(name);
    const [method, url] = template.startsWith('DELETE ')
      ? ['DELETE', template.slice('DELETE '.length)]
      : ['GET', template];
    fetch(fillTemplate(url, { stream: name, client }), {
      method,
      signal: AbortSignal.timeout(CUT_TIMEOUT_MS),
    }).then(
      (res) => {
        if (!res.ok) this.deps.log.warn({ name, status: res.status }, 'media server did not cut');
      },
      (err: unknown) => this.deps.log.warn({ err, name }, 'media server cut failed'),
    );
  }

  isPublishing(name: string): boolean {
    return this.publishing.has(name);
  }

  pushUrl(name: string): string {
    return fillTemplate(this.deps.config.MEDIA_PUSH_URL ?? '', { stream: name });
  }

  playUrls(name: string): PlayUrls {
    const url = fillTemplate(this.deps.config.MEDIA_PLAY_URL ?? '', { stream: name });
    if (/^wss?:/.test(url)) return { wsFlv: url };
    if (/\.flv(\?|$)/.test(url)) return { flv: url };
    return { hls: url };
  }

  recordUrl(file: string): string {
    return `${RECORD_PREFIX}${file}`;
  }

  viewers(): number {
    return 0;
  }
}
