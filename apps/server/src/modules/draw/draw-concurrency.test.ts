import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { ledgerSum, makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import { makeWheel, player, pointsOf, spin, spinKey } from '../../../test/kits/draw-kit.ts';
import { makeProduct } from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
/** The nodes spins go through: two servers on one database in cluster mode. */
const nodes: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  nodes.push(t.app);
  if (TEST_DB === 'postgres') nodes.push(await t.secondNode());
});
afterAll(async () => {
  await t?.close();
});

const USERS = 20;
const node = (i: number) => nodes[i % nodes.length] as FastifyInstance;

describe('the lucky draw under concurrency', () => {
  it('gives the last unit of each prize to exactly one of 20 users spinning at once', async () => {
    const shop = await makeProduct(t.app, { price: 19_900, stock: 10 });
    // Each limited prize is near certain while it lasts; points and 谢谢参与 are what is left.
    const id = await makeWheel(
      t.app,
      admin,
      [
        { kind: 'redpacket', amount: 666, weight: 1_000_000, stock: 1 },
        { kind: 'product', skuId: shop.skuIds[0] as number, weight: 1_000_000, stock: 1 },
        { kind: 'points', amount: 10, weight: 1 },
        { kind: 'nothing', weight: 1 },
      ],
      { freePerDay: 0, pointsCost: 50 },
    );
    const users = await Promise.all(Array.from({ length: USERS }, () => player(t.app, 100)));
    const spins = await Promise.all(users.map((u, i) => spin(node(i), u, id)));
    for (const s of spins) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const kinds = spins.map((s) => s.body.data.result.kind);
    expect(kinds.filter((k) => k === 'redpacket')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'product')).toHaveLength(1);

    const db = t.app.deps.db;
    const prizes = await db
      .selectFrom('draw_prize')
      .select(['kind', 'stock'])
      .where('wheel_id', '=', id)
      .orderBy('slot')
      .execute();
    expect(prizes.slice(0, 2)).toEqual([
      { kind: 'redpacket', stock: 0 },
      { kind: 'product', stock: 0 },
    ]);
    const packets = await db
      .selectFrom('red_packet')
      .select('user_id')
      .where('title', '=', '幸运抽奖：¥6.66红包')
      .execute();
    expect(packets).toHaveLength(1);
    const results = await db
      .selectFrom('draw_result')
      .select(['user_id', 'kind', 'cost_points'])
      .where('wheel_id', '=', id)
      .execute();
    expect(results).toHaveLength(USERS);

    // The ledger is exact: each paid 50 and got 10 more if it won points; everything sums to 0.
    for (const [i, u] of users.entries()) {
      const won = kinds[i] === 'points' ? 10 : 0;
      expect(await pointsOf(t.app, u)).toBe(100 - 50 + won);
    }
    expect(results.every((r) => r.cost_points === 50)).toBe(true);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('mixes free and paid spins on a limited points prize without a deadlock or a lost point', async () => {
    const id = await makeWheel(
      t.app,
      admin,
      [
        { kind: 'points', amount: 30, weight: 1_000_000, stock: 5 },
        { kind: 'nothing', weight: 1 },
      ],
      { freePerDay: 1, pointsCost: 50 },
    );
    const users = await Promise.all(Array.from({ length: 10 }, () => player(t.app, 100)));
    const taps = await Promise.all(
      users.flatMap((u, i) => [0, 1, 2].map((k) => spin(node(i + k), u, id))),
    );
    for (const s of taps) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const won = taps.filter((s) => s.body.data.result.kind === 'points');
    expect(won).toHaveLength(5);
    const spent = taps.filter((s) => s.body.data.result.costKind === 'points');
    expect(spent).toHaveLength(20);
    let total = 0;
    for (const u of users) total += await pointsOf(t.app, u);
    expect(total).toBe(10 * 100 - 20 * 50 + 5 * 30);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('answers 20 taps with one key once, across nodes, paying once', async () => {
    const id = await makeWheel(t.app, admin, [{ kind: 'points', amount: 5, weight: 1 }], {
      freePerDay: 0,
    });
    const u = await player(t.app, 100);
    const key = spinKey();
    const taps = await Promise.all(
      Array.from({ length: USERS }, (_, i) => spin(node(i), u, id, key)),
    );
    for (const s of taps) expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(new Set(taps.map((s) => s.body.data.result.id)).size).toBe(1);
    expect(taps.filter((s) => s.body.data.fresh)).toHaveLength(1);
    expect(await pointsOf(t.app, u)).toBe(100 - 50 + 5);
    expect(await ledgerSum(t.app)).toBe(0);
  });
});
