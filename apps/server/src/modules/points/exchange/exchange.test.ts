import type {
  ExchangeBuyData,
  ExchangeHomeData,
  ExchangePurchase,
  PageOf,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../../test/kits/coupon-kit.ts';
import { clientKey, makeShopper } from '../../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function item(body: Record<string, unknown>): Promise<number> {
  const r = await post<{ id: number }>(t.app, 'admin/exchange/item', admin, {
    title: '积分换券',
    points: 100,
    stock: 10,
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

/** A shopper with these points (credited through the points service, as a redeem code does). */
async function withPoints(points: number) {
  const b = await makeShopper(t.app);
  if (points > 0) {
    await t.app.deps.db.transaction().execute((trx) =>
      t.app.pointsModule.points.credit(trx, b.userId, points, {
        kind: 'test_points',
        ref: String(b.userId),
        memo: '测试',
      }),
    );
  }
  return b;
}

const balance = async (token: string) =>
  (await get<{ balance: number }>(t.app, 'points/home', token)).body.data.balance;

describe('points mall', () => {
  it('buys a coupon with points: spent and granted together; listed with my count', async () => {
    const templateId = await makeTemplate(t.app, admin, { claimable: false, perUser: 5 });
    const id = await item({ kind: 'coupon', couponTemplateId: templateId, perUserLimit: 2 });
    const b = await withPoints(250);
    const r = await post<ExchangeBuyData>(t.app, 'exchange/buy', b.token, {
      itemId: id,
      clientKey: clientKey(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ fresh: true, balance: 150 });
    expect(r.body.data.purchase).toMatchObject({ kind: 'coupon', points: 100 });
    const mine = await get<{ list: { templateId: number }[] }>(t.app, 'coupon/mine', b.token, {
      status: 'unused',
    });
    expect(mine.body.data.list.filter((c) => c.templateId === templateId)).toHaveLength(1);
    const home = await get<ExchangeHomeData>(t.app, 'exchange/items', b.token, { kind: 'coupon' });
    expect(home.body.data.balance).toBe(150);
    expect(home.body.data.list.find((i) => i.id === id)).toMatchObject({ sold: 1, mine: 1 });
    const anon = await get<ExchangeHomeData>(t.app, 'exchange/items', undefined);
    expect(anon.body.data.balance).toBe(0);
    expect(anon.body.data.list.find((i) => i.id === id)?.mine).toBe(0);
    // The limit of 2: the third purchase is refused and spends nothing.
    await post(t.app, 'exchange/buy', b.token, { itemId: id, clientKey: clientKey() });
    const third = await post(t.app, 'exchange/buy', b.token, {
      itemId: id,
      clientKey: clientKey(),
    });
    expect(third.body.error).toBe('EXCHANGE_LIMIT');
    expect(await balance(b.token)).toBe(50);
    const list = await get<PageOf<ExchangePurchase>>(t.app, 'exchange/mine', b.token);
    expect(list.body.data.total).toBe(2);
    const bill = await get<{ list: { kind: string; amount: number }[] }>(
      t.app,
      'points/bill',
      b.token,
    );
    expect(bill.body.data.list.filter((x) => x.kind === 'exchange').map((x) => x.amount)).toEqual([
      -100, -100,
    ]);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('a red packet item gives an unopened packet of its amount', async () => {
    const id = await item({ kind: 'redpacket', amount: 300, points: 30 });
    const b = await withPoints(30);
    const r = await post<ExchangeBuyData>(t.app, 'exchange/buy', b.token, {
      itemId: id,
      clientKey: clientKey(),
    });
    expect(r.body.data).toMatchObject({ balance: 0, purchase: { kind: 'redpacket' } });
    const packet = await t.app.deps.db
      .selectFrom('red_packet')
      .select(['min_amount', 'max_amount'])
      .where('user_id', '=', b.userId)
      .executeTakeFirstOrThrow();
    expect(packet).toEqual({ min_amount: 300, max_amount: 300 });
  });

  it('the last unit bought by 20 users at once: exactly one gets it', async () => {
    const id = await item({ kind: 'redpacket', amount: 100, points: 10, stock: 1 });
    const users = await Promise.all(Array.from({ length: 20 }, () => withPoints(10)));
    const tries = await Promise.all(
      users.map((u) =>
        post(t.app, 'exchange/buy', u.token, { itemId: id, clientKey: clientKey() }),
      ),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.error === 'EXCHANGE_SOLD_OUT')).toHaveLength(19);
    const balances = await Promise.all(users.map((u) => balance(u.token)));
    expect(balances.filter((x) => x === 0)).toHaveLength(1);
    expect(balances.filter((x) => x === 10)).toHaveLength(19);
    const row = await t.app.deps.db
      .selectFrom('exchange_item')
      .select(['sold', 'stock'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sold: 1, stock: 1 });
  });

  it('insufficient points: POINTS_NOT_ENOUGH and nothing written', async () => {
    const templateId = await makeTemplate(t.app, admin, { claimable: false, total: 5 });
    const id = await item({ kind: 'coupon', couponTemplateId: templateId, points: 100 });
    const b = await withPoints(99);
    const r = await post(t.app, 'exchange/buy', b.token, { itemId: id, clientKey: clientKey() });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('POINTS_NOT_ENOUGH');
    expect(await balance(b.token)).toBe(99);
    const db = t.app.deps.db;
    const [orders, sold, coupons, issued] = await Promise.all([
      db.selectFrom('exchange_order').select('id').where('user_id', '=', b.userId).execute(),
      db.selectFrom('exchange_item').select('sold').where('id', '=', id).executeTakeFirstOrThrow(),
      db.selectFrom('user_coupon').select('id').where('user_id', '=', b.userId).execute(),
      db
        .selectFrom('coupon_template')
        .select('issued')
        .where('id', '=', templateId)
        .executeTakeFirstOrThrow(),
    ]);
    expect([orders.length, sold.sold, coupons.length, issued.issued]).toEqual([0, 0, 0, 0]);
  });

  it('a duplicate client key buys once, even sent five times at once', async () => {
    const id = await item({ kind: 'redpacket', amount: 100, points: 10, perUserLimit: 10 });
    const b = await withPoints(100);
    const key = clientKey();
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        post<ExchangeBuyData>(t.app, 'exchange/buy', b.token, { itemId: id, clientKey: key }),
      ),
    );
    expect(tries.every((r) => r.status === 200)).toBe(true);
    expect(tries.filter((r) => r.body.data.fresh)).toHaveLength(1);
    expect(new Set(tries.map((r) => r.body.data.purchase.id)).size).toBe(1);
    expect(await balance(b.token)).toBe(90);
  });

  it('bad input: 4xx with the catalogue error', async () => {
    const b = await withPoints(0);
    const id = await item({ kind: 'redpacket', amount: 100 });
    const buys: [string | undefined, object, string][] = [
      [undefined, { itemId: id, clientKey: clientKey() }, 'LOGIN_REQUIRED'],
      [b.token, { itemId: 999_999, clientKey: clientKey() }, 'EXCHANGE_ITEM_NOT_FOUND'],
      [b.token, { itemId: 'x', clientKey: clientKey() }, 'EXCHANGE_ITEM_NOT_FOUND'],
      [b.token, { itemId: id, clientKey: 'short' }, 'CLIENT_KEY_INVALID'],
      [b.token, { itemId: id }, 'CLIENT_KEY_INVALID'],
    ];
    for (const [token, body, error] of buys) {
      const r = await post(t.app, 'exchange/buy', token, body as Record<string, unknown>);
      expect([r.status >= 400 && r.status < 500, r.body.error], JSON.stringify(body)).toEqual([
        true,
        error,
      ]);
    }
    const items: [string, object, string][] = [
      [b.token, { title: 'x', kind: 'redpacket', amount: 1, points: 1, stock: 1 }, 'FORBIDDEN'],
      [admin, { title: 'x', kind: 'redpacket', points: 1, stock: 1 }, 'EXCHANGE_ITEM_INVALID'],
      [
        admin,
        { title: 'x', kind: 'coupon', amount: 1, points: 1, stock: 1 },
        'EXCHANGE_ITEM_INVALID',
      ],
      [
        admin,
        { title: 'x', kind: 'product', amount: 1, points: 1, stock: 1 },
        'EXCHANGE_ITEM_INVALID',
      ],
      [
        admin,
        { title: 'x', kind: 'redpacket', amount: 1, points: 0, stock: 1 },
        'EXCHANGE_ITEM_INVALID',
      ],
      [
        admin,
        { title: 'x', kind: 'redpacket', amount: 1, points: 1, stock: -1 },
        'EXCHANGE_ITEM_INVALID',
      ],
      [
        admin,
        { title: 'x', kind: 'coupon', couponTemplateId: 999_999, points: 1, stock: 1 },
        'COUPON_NOT_FOUND',
      ],
    ];
    for (const [token, body, error] of items) {
      const r = await post(t.app, 'admin/exchange/item', token, body as Record<string, unknown>);
      expect([r.status >= 400 && r.status < 500, r.body.error], JSON.stringify(body)).toEqual([
        true,
        error,
      ]);
    }
    expect((await get(t.app, 'exchange/items', undefined, { kind: 'gift' })).body.error).toBe(
      'EXCHANGE_ITEM_INVALID',
    );
    expect((await get(t.app, 'exchange/mine', undefined)).body.error).toBe('LOGIN_REQUIRED');
  });
});

describe('demo seed', () => {
  it('puts four items on sale and hands out five codes once', async () => {
    const { seedRedeem } = await import('../../../seed/seed-redeem.ts');
    const codes = await seedRedeem(t.app);
    // Five points codes (and three product codes when the catalogue has products).
    expect([5, 8]).toContain(codes?.length);
    expect(await seedRedeem(t.app)).toBeNull();
    const b = await withPoints(0);
    const r = await post(t.app, 'redeem/redeem', b.token, { code: codes?.[0] ?? '' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const home = await get<ExchangeHomeData>(t.app, 'exchange/items', b.token);
    expect(home.body.data.balance).toBe(100);
    expect(home.body.data.list.length).toBeGreaterThanOrEqual(4);
  });
});
