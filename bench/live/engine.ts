// The server's media engine for the live benches, started the way the tests and
// stalled-viewers.ts start it (apps/server/test/live-stream-kit.ts): the embedded engine on a
// Fastify app, a fake gate that allows a push whose URL carries `sign=ok`, RTMP on a free port.
// `routes` adds the bench's own routes (the latency page) before the app listens, so that the
// page and HTTP-FLV share one origin (the media routes send no CORS headers).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../apps/server/src/config.ts';
import {
  createMediaEngine,
  type EmbeddedEngine,
} from '../../apps/server/src/modules/live/media/index.ts';
import { installErrorHandling } from '../../apps/server/src/platform/errors.ts';
import { registerBodyParsers } from '../../apps/server/src/platform/http-plugins.ts';
import { FakeGate } from '../../apps/server/test/live-stream-kit.ts';

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
  const dataDir = await mkdtemp(join(tmpdir(), 'chaopin-bench-live-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    MEDIA_ENGINE: 'embedded',
    RTMP_PORT: '0',
    ...env,
  });
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });
  installErrorHandling(app);
  await registerBodyParsers(app);
  const engine = createMediaEngine(app, { config, log: app.log }, new FakeGate()) as EmbeddedEngine;
  routes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await engine.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    engine,
    base: `http://127.0.0.1:${port}`,
    pushUrl: (stream) => `rtmp://127.0.0.1:${engine.rtmpPort}/live/${stream}?sign=ok`,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 50 ms until it holds, or fails after `ms`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
