import type { FastifyInstance } from 'fastify';
import { EmbeddedEngine, recordDirOf } from './embedded-engine.ts';
import { ExternalEngine } from './external-engine.ts';
import type { MediaDeps, MediaEngine, StreamGate } from './media-port.ts';
import { registerRecordRoute } from './record-route.ts';
import { RECORD_PREFIX } from './stream-paths.ts';

export { EmbeddedEngine } from './embedded-engine.ts';
export type { MediaEngine, PlayUrls, Recording, StreamGate } from './media-port.ts';

/** MEDIA_ENGINE=off: no live video on this deployment (tests, API-only nodes). */
class NoEngine implements MediaEngine {
  readonly kind = 'off';
  async start() {}
  async close() {}
  cut() {}
  isPublishing() {
    return false;
  }
  pushUrl() {
    return '';
  }
  playUrls() {
    return {};
  }
  recordUrl(file: string) {
    return `${RECORD_PREFIX}${file}`;
  }
  viewers() {
    return 0;
  }
}

/**
 * The media engine of MEDIA_ENGINE, its routes registered on `app` (call before the app is
 * ready). The caller runs `start()` (binds the RTMP port) and `close()`; close also runs on the
 * app's preClose, so long-lived viewers never hold the HTTP server's shutdown. Replays made
 * earlier are served in every mode.
 */
export function createMediaEngine(
  app: FastifyInstance,
  deps: MediaDeps,
  gate: StreamGate,
): MediaEngine {
  registerRecordRoute(app, recordDirOf(deps.config.DATA_DIR));
  const kind = deps.config.MEDIA_ENGINE;
  const engine =
    kind === 'embedded'
      ? new EmbeddedEngine(app, deps, gate)
      : kind === 'external'
        ? new ExternalEngine(app, deps, gate)
        : new NoEngine();
  app.addHook('preClose', () => engine.close());
  return engine;
}
