import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../src/config/index.ts';
import {
  createMediaEngine,
  type MediaEngine,
  type Recording,
  type StreamGate,
} from '../../src/modules/live/media/index.ts';
import { installErrorHandling } from '../../src/platform/errors.ts';
import { registerBodyParsers } from '../../src/platform/http-plugins.ts';

/** Whether a command runs here (ffmpeg, nginx): tests that need one are skipped without it. */
export function hasCommand(command: string, args = ['-version']): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/**
 * The live module's side of the media engine, faked: a publish is allowed when its URL carries
 * `sign=ok` (room 7, a new session each time); every call is recorded.
 */
export class FakeGate implements StreamGate {
  readonly publishes: Array<{
    name: string;
    args: Record<string, string>;
    addr: string;
    allowed: boolean;
  }> = [];
  readonly dones: Array<{ name: string; recording: Recording | null }> = [];
  readonly plays: string[] = [];
  private session = 100;
  private waiters: Array<() => void> = [];

  async publish(name: string, args: Record<string, string>, addr: string) {
    const allowed = args.sign === 'ok';
    this.publishes.push({ name, args, addr, allowed });
    this.wake();
    return allowed ? { roomId: 7, sessionId: ++this.session } : null;
  }

  async publishDone(name: string, recording: Recording | null) {
    this.dones.push({ name, recording });
    this.wake();
  }

  async play(name: string, args: Record<string, string>) {
    this.plays.push(name);
    return args.deny === undefined;
  }

  /** Resolves once `check` holds (checked on every call to the gate), or fails after `ms`. */
  async until<T>(check: () => T | undefined | false, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting for the gate');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export interface MediaApp {
  app: FastifyInstance;
  engine: MediaEngine;
  gate: FakeGate;
  config: Config;
  /** `http://127.0.0.1:<port>` of the listening app. */
  base: string;
  close(): Promise<void>;
}

/**
 * A small app with only the media engine (and the platform's error envelope and body parsers) on
 * a fake gate, listening on free ports (RTMP_PORT=0): test files run in parallel. `routes` adds
 * routes before the app listens (the latency bench's page shares the streams' origin).
 */
export async function startMediaApp(
  env: Record<string, string> = {},
  routes: (app: FastifyInstance) => void = () => undefined,
): Promise<MediaApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chaopin-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    MEDIA_ENGINE: 'embedded',
    RTMP_PORT: '0',
    ...env,
  });
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });
  installErrorHandling(app);
  await registerBodyParsers(app);
  const gate = new FakeGate();
  const engine = createMediaEngine(app, { config, log: app.log }, gate);
  routes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await engine.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    engine,
    gate,
    config,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Pusher {
  child: ChildProcess;
  /** The exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  stderr(): string;
}

/**
 * ffmpeg pushing a test pattern with a tone at real time: H.264 at a constant 10 Mbit/s (x264's
 * CBR filler, cheap to encode), so that a stalled viewer fills the kernel's socket buffers (about
 * 4 MB on loopback) and then the bound within seconds.
 */
export function pushTestPattern(url: string, extra: string[] = []): Pusher {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-b:v', '10M', '-minrate', '10M', '-maxrate', '10M', '-bufsize', '2M'],
      ...['-x264-params', 'nal-hrd=cbr', '-c:a', 'aac', ...extra, '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Polls `check` every 50 ms until it holds, or fails after `ms`. */
export async function waitFor(
  check: () => boolean,
  ms = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
