import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOptions } from '../src/platform/admission.ts';
import { API, createTestApp, type TestApp } from './helpers.ts';
import { type Buyer, makeProduct, makeShopper } from './kits/order-kit.ts';

// A burst against a listening server (issue 17 §5): 600 connections opened at once, each sending
// one order, get only answers — 2xx, or the 503 SERVER_BUSY envelope with Retry-After — never a
// reset. The bounds are lowered (50 served at once, 150 waiting) so that both kinds of answer
// occur and the test stays short.

const CONNECTIONS = 600;
const MAX_CONCURRENT = 50;
const MAX_QUEUE = 150;

const buyer = () => makeShopper(t.app);

let t: TestApp;
let port: number;
let buyers: Buyer[];
let skuId: number;
beforeAll(async () => {
  t = await createTestApp({
    MAX_CONCURRENT: String(MAX_CONCURRENT),
    MAX_QUEUE: String(MAX_QUEUE),
    BUSY_RETRY_AFTER_SECONDS: '2',
  });
  const config = t.app.deps.config;
  await t.app.listen(listenOptions({ ...config, HOST: '127.0.0.1', PORT: 0 }));
  port = (t.app.server.address() as { port: number }).port;
  buyers = await Promise.all(Array.from({ length: 4 }, () => buyer()));
  skuId = (await makeProduct(t.app, { stock: 100_000 })).skuIds[0] as number;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Seen {
  status?: number;
  envelope?: { code: number; msg: string; error?: string };
  retryAfter?: string;
  error?: string;
}

function order(buyer: Buyer): Promise<Seen> {
  const body = JSON.stringify({
    clientKey: `burst_${randomBytes(8).toString('hex')}`,
    addressId: buyer.addressId,
    items: [{ skuId, quantity: 1 }],
  });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${API}/order/newAdd`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          token: buyer.token,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
        res.on('end', () => {
          let envelope: Seen['envelope'];
          try {
            envelope = JSON.parse(text);
          } catch {
            envelope = undefined;
          }
          resolve({ status: res.statusCode, envelope, retryAfter: res.headers['retry-after'] });
        });
      },
    );
    req.setTimeout(55_000, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

describe('a burst of connections', () => {
  it(`${CONNECTIONS} at once: every one answered (2xx or 503 SERVER_BUSY), none reset`, async () => {
    const seen = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) => order(buyers[i % buyers.length] as Buyer)),
    );
    const summary: Record<string, number> = {};
    for (const s of seen) {
      const k = s.error ?? String(s.status);
      summary[k] = (summary[k] ?? 0) + 1;
    }
    console.log(JSON.stringify(summary), JSON.stringify(t.app.admission));
    const errors = seen.filter((s) => s.error).map((s) => s.error);
    expect(errors).toEqual([]);
    const ok = seen.filter((s) => s.status === 200 && s.envelope?.code === 1);
    const busy = seen.filter((s) => s.status === 503);
    expect(ok.length + busy.length).toBe(CONNECTIONS);
    expect(ok.length).toBeGreaterThanOrEqual(MAX_CONCURRENT + MAX_QUEUE);
    for (const b of busy) {
      expect(b.envelope).toMatchObject({ code: 503, error: 'SERVER_BUSY' });
      expect(b.envelope?.msg).toBeTruthy();
      expect(b.retryAfter).toBe('2');
    }
    // Every 2xx is an order, and nothing else became one.
    const placed = await t.app.deps.db
      .selectFrom('order_group')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'user_id',
        'in',
        buyers.map((b) => b.userId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(ok.length);
    // Every slot was given back: the server takes the next requests as usual.
    await expect.poll(() => t.app.admission).toMatchObject({ running: 0, queued: 0 });
    const next = await Promise.all(buyers.map((b) => order(b)));
    expect(next.map((s) => s.status)).toEqual(Array(buyers.length).fill(200));
  }, 120_000);
});
