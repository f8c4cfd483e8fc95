import { request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdmissionOptions, installAdmission, listenOptions } from './admission.ts';

// The admission on its own, on a bare Fastify app whose /slow route waits for a gate:
// deterministic counts, no database.

interface Answer {
  status?: number;
  body?: string;
  retryAfter?: string | undefined;
  error?: string;
}

/** A request on a connection of its own: GET for /read, else POST (a write). */
function get(port: number, path: string, opts: { abort?: AbortSignal } = {}): Promise<Answer> {
  const method = path.startsWith('/read') ? 'GET' : 'POST';
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, body, retryAfter: res.headers['retry-after'] }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    opts.abort?.addEventListener('abort', () => req.destroy());
    req.end();
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function gated(opts: Partial<AdmissionOptions>) {
  const a = Fastify();
  app = a;
  const state = installAdmission(a, {
    maxConcurrent: 2,
    maxQueue: 3,
    queueTimeoutMs: 60_000,
    retryAfterSeconds: 7,
    ...opts,
  });
  let open: () => void = () => undefined;
  let gate = new Promise<void>((r) => {
    open = r;
  });
  const served: string[] = [];
  a.post<{ Querystring: { n?: string } }>('/slow', async (req) => {
    served.push(req.query.n ?? '');
    await gate;
    return { ok: true };
  });
  a.post('/fast', async () => ({ ok: true }));
  a.get('/read', async () => ({ ok: true }));
  a.post('/poll', { config: { admission: false } }, async () => {
    await gate;
    return { ok: true };
  });
  await a.listen(listenOptions({ HOST: '127.0.0.1', PORT: 0, LISTEN_BACKLOG: 1024 }));
  const port = (a.server.address() as { port: number }).port;
  return {
    port,
    state,
    served,
    release() {
      open();
      gate = new Promise<void>((r) => {
        open = r;
      });
    },
  };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

const BUSY = { code: 503, msg: '当前访问人数较多，请稍后再试', error: 'SERVER_BUSY', data: null };

describe('admission', () => {
  it('serves maxConcurrent at once, queues the next in order, refuses beyond the queue', async () => {
    const g = await gated({});
    const first = [get(g.port, '/slow?n=1'), get(g.port, '/slow?n=2')];
    await until(() => g.served.length === 2);
    const queued: Promise<Answer>[] = [];
    for (const n of [3, 4, 5]) {
      queued.push(get(g.port, `/slow?n=${n}`));
      await until(() => g.state.queued === n - 2); // one at a time, so the order is known
    }
    const refused = await Promise.all([get(g.port, '/fast'), get(g.port, '/slow?n=6')]);
    for (const r of refused) {
      expect([r.status, r.retryAfter]).toEqual([503, '7']);
      expect(JSON.parse(r.body as string)).toEqual(BUSY);
    }
    expect(g.state).toEqual({ running: 2, queued: 3, refused: 2 });
    // Each release lets the next ones in, first come first served.
    g.release();
    await until(() => g.served.length === 4);
    expect(g.served).toEqual(['1', '2', '3', '4']);
    g.release();
    await until(() => g.served.length === 5);
    g.release();
    const all = await Promise.all([...first, ...queued]);
    expect(all.map((r) => r.status)).toEqual(Array(5).fill(200));
    await until(() => g.state.running === 0);
    expect(g.state).toEqual({ running: 0, queued: 0, refused: 2 });
    expect((await get(g.port, '/fast')).status).toBe(200);
  });

  it('a request that waited longer than the queue timeout is answered SERVER_BUSY', async () => {
    const g = await gated({ maxConcurrent: 1, queueTimeoutMs: 100 });
    const running = get(g.port, '/slow?n=1');
    await until(() => g.served.length === 1);
    const late = get(g.port, '/slow?n=2');
    await until(() => g.state.queued === 1);
    await new Promise((r) => setTimeout(r, 150));
    g.release();
    expect((await running).status).toBe(200);
    const r = await late;
    expect([r.status, r.retryAfter]).toEqual([503, '7']);
    expect(JSON.parse(r.body as string)).toEqual(BUSY);
    expect(g.served).toEqual(['1']);
  });

  it('refuses at once a write the measured throughput could not serve within the timeout', async () => {
    const g = await gated({ maxConcurrent: 1, maxQueue: 100, queueTimeoutMs: 3000 });
    const first = get(g.port, '/slow?n=1');
    await until(() => g.served.length === 1);
    const queued = [2, 3, 4].map((n) => get(g.port, `/slow?n=${n}`));
    await until(() => g.state.queued === 3);
    // One write done in the first second of the queue: about 1 a second, so a write behind the
    // two still waiting would wait about 3.3 s, more than the 3 s timeout.
    await new Promise((r) => setTimeout(r, 1100));
    g.release();
    expect((await first).status).toBe(200);
    await until(() => g.served.length === 2);
    const t0 = Date.now();
    const late = await get(g.port, '/slow?n=5');
    expect([late.status, late.retryAfter]).toEqual([503, '7']);
    expect(Date.now() - t0).toBeLessThan(1000); // at once, not after waiting
    g.release();
    await until(() => g.served.length === 3);
    g.release();
    await until(() => g.served.length === 4);
    g.release();
    expect((await Promise.all(queued)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(g.served).toEqual(['1', '2', '3', '4']);
  });

  it('a client that goes away gives its place up, queued or running', async () => {
    const g = await gated({ maxConcurrent: 1 });
    const leaveRunning = new AbortController();
    const leaveQueue = new AbortController();
    const running = get(g.port, '/slow?n=1', { abort: leaveRunning.signal });
    await until(() => g.served.length === 1);
    const waiting = get(g.port, '/slow?n=2', { abort: leaveQueue.signal });
    await until(() => g.state.queued === 1);
    leaveQueue.abort();
    await waiting;
    await until(() => g.state.queued === 0);
    expect(g.state.running).toBe(1);
    leaveRunning.abort();
    await running;
    await until(() => g.state.running === 0);
    g.release();
    expect((await get(g.port, '/fast')).status).toBe(200);
    expect(g.served).toEqual(['1']); // the one that left the queue never ran
  });

  it('reads are not held behind queued writes', async () => {
    const g = await gated({ maxConcurrent: 1, maxQueue: 1 });
    const writes = [get(g.port, '/slow?n=1'), get(g.port, '/slow?n=2')];
    await until(() => g.state.running === 1 && g.state.queued === 1);
    const reads = await Promise.all(Array.from({ length: 5 }, () => get(g.port, '/read')));
    expect(reads.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect((await get(g.port, '/fast')).status).toBe(503); // a write: the queue is full
    g.release();
    await until(() => g.served.length === 2);
    g.release();
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual([200, 200]);
  });

  it('routes with admission: false (long polls, health) neither wait nor hold a place', async () => {
    const g = await gated({ maxConcurrent: 1, maxQueue: 0 });
    const polls = Array.from({ length: 5 }, () => get(g.port, '/poll'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(g.port, '/fast')).status).toBe(200);
    g.release();
    expect((await Promise.all(polls)).map((r) => r.status)).toEqual(Array(5).fill(200));
  });

  it('0 concurrent means no admission at all', async () => {
    const a = Fastify();
    app = a;
    const state = installAdmission(a, {
      maxConcurrent: 0,
      maxQueue: 0,
      queueTimeoutMs: 1000,
      retryAfterSeconds: 1,
    });
    a.get('/', async () => 'ok');
    expect((await a.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect(state).toEqual({ running: 0, queued: 0, refused: 0 });
  });
});
