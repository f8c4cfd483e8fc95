import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED: 'false',
      PGLITE_DIR: 'memory://',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return { child, output: () => out };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function waitHealthy(port: number, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  it('exits non-zero naming a bad variable', async () => {
    const { child, output } = startServer({ PORT: 'eighty' });
    expect(await exitOf(child)).toBe(2);
    expect(output()).toContain('PORT');
  });

  it('on SIGTERM stops accepting, finishes the in-flight request, and exits 0', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'chaopin-proc-'));
    dirs.push(dataDir);
    const { child, output } = startServer({ PORT: String(port), DATA_DIR: dataDir });
    const exited = exitOf(child);
    await waitHealthy(port);

    // An in-flight request: the body arrives in two halves, with SIGTERM in between.
    const body = JSON.stringify({ phone: '13912345678' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/chaopin-boot/api/v1/user/sms/send',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 200);
    });

    const done = await response;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ code: 1 });
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
    // The port is closed: new connections are refused.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);
});
