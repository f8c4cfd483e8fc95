import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API, createPgDatabase, randomPhone, TEST_DB } from './helpers.ts';
import { exitOf, freePort, startServer, waitHealthy } from './kits/process-kit.ts';

// Issue 16's exactness under failure: two server processes share PostgreSQL and Redis; attempts
// go to both; one node is killed with SIGKILL mid-sale (units its counter took die with it) and
// the sale's Redis keys are lost mid-sale (as by a Redis restart without persistence). Nothing is
// oversold; after recovery and after the unpaid orders expire, every unit is on sale again: a
// second wave buys exactly the flash stock. CI runs it reduced; SECKILL_FULL=1 runs the issue's
// size (1,000 units, 20,000 attempts from 2,000 users).

const FULL = process.env.SECKILL_FULL === '1';
const UNITS = FULL ? 1000 : 60;
const USERS = FULL ? 2000 : 150;
const ATTEMPTS = FULL ? 20_000 : 600;

const children: ChildProcess[] = [];
let drop: (() => Promise<void>) | undefined;
let dataDir: string | undefined;
let sqlClient: pg.Client | undefined;
let redis: Redis | undefined;
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sqlClient?.end();
  redis?.disconnect();
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Envelope<T> {
  code: number;
  error?: string;
  data: T;
}

async function api<T>(
  base: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${base}${API}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

async function pool<T>(n: number, limit: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

async function shopper(base: string) {
  const phone = randomPhone();
  const sent = await api<{ code: string }>(base, '/user/sms/send', { phone });
  const login = await api<{ token: string }>(base, '/user/mobileLogin', {
    phone,
    code: sent.data.code,
  });
  const token = login.data.token;
  const address = await api<{ id: number }>(
    base,
    '/address/add',
    {
      name: '张三',
      phone,
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      detail: '文三路100号',
    },
    { token },
  );
  return { token, phone, addressId: address.data.id };
}

async function ticket(base: string, token: string, itemId: number): Promise<string> {
  const c = await api<Challenge>(base, `/captcha/challenge?action=seckill:${itemId}`, undefined, {
    token,
  });
  const solution = await solveChallenge({ challenge: c.data, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: c.data, solution })).toString('base64');
}

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** One attempt; a connection refused (the killed node) counts as no answer. */
async function attempt(base: string, s: Shopper, itemId: number, n: number) {
  try {
    const t = await ticket(base, s.token, itemId);
    const r = await api<{ payNo: string }>(
      base,
      '/seckill/rush',
      { itemId, addressId: s.addressId, clientKey: `crash_${n}_${s.addressId}` },
      { token: s.token, ticket: t },
    );
    return r.error ?? 'ok';
  } catch {
    return 'no answer';
  }
}

async function eventually(probe: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe.skipIf(TEST_DB !== 'postgres' || !process.env.REDIS_URL)(
  'flash sale across a killed node and lost Redis keys',
  () => {
    it(
      'never oversells, and after recovery and expiry every unit is sold again exactly once',
      async () => {
        const db = await createPgDatabase();
        drop = db.drop;
        dataDir = await mkdtemp(join(tmpdir(), 'chaopin-seckill-'));
        const prefix = `skcrash${Date.now() % 100000}:`;
        const [portA, portB] = [await freePort(), await freePort()];
        const env = (port: number) => ({
          PORT: String(port),
          DATA_DIR: dataDir as string,
          DATABASE_URL: db.url,
          REDIS_URL: process.env.REDIS_URL as string,
          REDIS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          CAPTCHA_COUNTER_MAX: '50',
          SECKILL_USER_RATE: '1000',
          SECKILL_IP_RATE: '1000000',
          SECKILL_SWEEP_MS: '300',
          ORDER_SWEEP_MS: '300',
          MAX_QUEUE: '50000',
          AUTH_CACHE_MS: '1000',
        });
        const start = (port: number) => {
          const s = startServer(env(port));
          children.push(s.child);
          return s.child;
        };
        let nodeA = start(portA);
        start(portB);
        await Promise.all([waitHealthy(portA), waitHealthy(portB)]);
        const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

        sqlClient = new pg.Client({ connectionString: db.url });
        await sqlClient.connect();
        const q = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
          (await (sqlClient as pg.Client).query<R>(text, values)).rows;
        redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: prefix });

        // A product with enough stock, an operator, the sale.
        const [store] = await q<{ id: number }>(
          `insert into store (name, logo, description) values ('秒杀店', '/l.png', '') returning id`,
        );
        const [cat] = await q<{ id: number }>(
          `insert into category (name, icon) values ('秒杀', '/i.png') returning id`,
        );
        const [product] = await q<{ id: number }>(
          `insert into product (store_id, category_id, title, subtitle, main_image, images, price, origin_price)
           values ($1, $2, '秒杀商品', '', '/p.png', '[]', 5000, 9900) returning id`,
          [store?.id, cat?.id],
        );
        const [sku] = await q<{ id: number }>(
          `insert into sku (product_id, name, specs, price, origin_price, stock, image)
           values ($1, '默认', '{}', 5000, 9900, $2, '/s.png') returning id`,
          [product?.id, UNITS + 10],
        );
        const admin = await shopper(a);
        await q(`update app_user set role = 'admin' where phone = $1`, [admin.phone]);
        await new Promise((r) => setTimeout(r, 1100)); // the cached session learns the role
        const sale = await api<{ itemIds: number[] }>(
          a,
          '/admin/seckill/session',
          {
            title: '崩溃场',
            startAt: new Date(Date.now() - 1000).toISOString(),
            endAt: new Date(Date.now() + 3_600_000).toISOString(),
            items: [{ skuId: sku?.id, flashPrice: 100, flashStock: UNITS }],
          },
          { token: admin.token },
        );
        const itemId = sale.data.itemIds[0] as number;
        const shoppers = await pool(USERS, 16, () => shopper(b));

        const soldInDb = async () =>
          Number(
            (await q<{ sold: number }>(`select sold from seckill_item where id = $1`, [itemId]))[0]
              ?.sold,
          );
        const activePurchases = async () =>
          Number(
            (
              await q<{ n: string }>(
                `select count(*) n from seckill_purchase where item_id = $1 and released_at is null`,
                [itemId],
              )
            )[0]?.n,
          );

        // Wave 1: both nodes; A is killed at a third, the Redis keys go at two thirds.
        let killed: Promise<number | null> | undefined;
        let done = 0;
        const wave1 = await pool(ATTEMPTS, 48, async (n) => {
          const s = shoppers[n % USERS] as Shopper;
          const r = await attempt(n % 2 === 0 && !killed ? a : b, s, itemId, n);
          done += 1;
          if (done === Math.floor(ATTEMPTS / 3) && !killed) {
            nodeA.kill('SIGKILL');
            killed = exitOf(nodeA);
          }
          if (done === Math.floor((2 * ATTEMPTS) / 3)) {
            await redis?.del(`sk:{${itemId}}:left`, `sk:{${itemId}}:users`);
          }
          return r;
        });
        await killed;
        const placed = wave1.filter((r) => r === 'ok').length;
        expect(placed).toBeGreaterThan(0);
        expect(placed).toBeLessThanOrEqual(UNITS);
        expect(await soldInDb()).toBe(await activePurchases());
        expect(await soldInDb()).toBeLessThanOrEqual(UNITS);
        const refusals = new Set(wave1.filter((r) => r !== 'ok'));
        for (const r of refusals) {
          expect(['SECKILL_SOLD_OUT', 'SECKILL_LIMIT', 'no answer']).toContain(r);
        }

        // Recovery: A comes back; every unpaid order expires and gives its unit back once.
        nodeA = start(portA);
        await waitHealthy(portA);
        await q(
          `update shop_order set expires_at = now() - interval '1 second' where status = 'unpaid'`,
        );
        expect(await eventually(async () => (await soldInDb()) === 0, 30_000)).toBe(true);
        expect(await activePurchases()).toBe(0);
        expect(await stockOfSku()).toBe(10);
        // The counter is healed to the whole flash stock (leaks of the killed node included).
        expect(
          await eventually(
            async () => Number(await redis?.get(`sk:{${itemId}}:left`)) === UNITS,
            30_000,
          ),
        ).toBe(true);

        // Wave 2: the same shoppers (their orders were cancelled) buy every unit, no more.
        await new Promise((r) => setTimeout(r, 300)); // the nodes' 已抢光 memo lapses
        const wave2 = await pool(Math.min(ATTEMPTS, USERS * 2), 48, (n) =>
          attempt(n % 2 === 0 ? a : b, shoppers[n % USERS] as Shopper, itemId, ATTEMPTS + n),
        );
        expect(wave2.filter((r) => r === 'ok').length).toBe(UNITS);
        expect(await soldInDb()).toBe(UNITS);
        expect(await activePurchases()).toBe(UNITS);

        async function stockOfSku() {
          return Number(
            (await q<{ stock: number }>(`select stock from sku where id = $1`, [sku?.id]))[0]
              ?.stock,
          );
        }
      },
      FULL ? 900_000 : 180_000,
    );
  },
);
