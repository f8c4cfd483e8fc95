// The server's media engine for the live benches, started the way the tests and
// stalled-viewers.ts start it (apps/server/test/kits/live-stream-kit.ts): the embedded engine on a
// Fastify app, a fake gate that allows a push whose URL carries `sign=ok`, RTMP on a free port.
// `routes` adds the bench's own routes (the latency page) before the app listens, so that the
// page and HTTP-FLV share one origin (the media routes send no CORS headers).
import type { FastifyInstance } from 'fastify';
import type { EmbeddedEngine } from '../../apps/server/src/modules/live/media/index.ts';
import { startMediaApp } from '../../apps/server/test/kits/live-stream-kit.ts';

export interface BenchEngine {
  app: FastifyInstance;
  engine: EmbeddedEngine;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** `rtmp://127.0.0.1:<port>/live/<stream>?sign=ok` */
  pushUrl(stream: string): string;
  close(): Promise<void>;
}

export async function startEngine(
  env: Record<string, string> = {},
  routes: (app: FastifyInstance) => void = () => undefined,
): Promise<BenchEngine> {
  const media = await startMediaApp({ LOG_LEVEL: 'warn', ...env }, routes);
  const engine = media.engine as EmbeddedEngine;
  return {
    app: media.app,
    engine,
    base: media.base,
    pushUrl: (stream) => `rtmp://127.0.0.1:${engine.rtmpPort}/live/${stream}?sign=ok`,
    close: () => media.close(),
  };
}

export { waitFor } from '../../apps/server/test/kits/live-stream-kit.ts';

/** The value at quantile q (0..1) of `values` (sorted here). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export function argNumber(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
