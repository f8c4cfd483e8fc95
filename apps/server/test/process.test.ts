import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer, waitHealthy } from './kits/process-kit.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

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
