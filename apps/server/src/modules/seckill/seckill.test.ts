import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import { type Buyer, makeBuyer, makeProduct, stockOf } from '../../../test/kits/order-kit.ts';
import { createSession, rush, TEST_CAPTCHA, ticketFor } from '../../../test/kits/seckill-kit.ts';

let t: TestApp;
let admin: string;
let buyers: Buyer[];
beforeAll(async () => {
  // The sweeps are driven by the tests: the background one would race them.
  t = await createTestApp({
    ...TEST_CAPTCHA,
    SECKILL_USER_RATE: '50',
    MAX_QUEUE: '5000',
    SECKILL_SWEEP_MS: '600000',
  });
  admin = await makeAdmin(t.app);
  buyers = await Promise.all(Array.from({ length: 12 }, () => makeBuyer(t.app)));
});
afterAll(async () => {
  await t.close();
});

const buyer = (i: number) => buyers[i % buyers.length] as Buyer;

async function itemRow(id: number) {
  return t.app.deps.db
    .selectFrom('seckill_item')
    .select(['sold', 'flash_stock'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function saleOf(stock: number, opts: Parameters<typeof createSession>[2] = {}) {
  const p = await makeProduct(t.app, { price: 5000, stock: stock + 10 });
  const sku = p.skuIds[0] as number;
  const s = await createSession(t.app, [{ skuId: sku, flashPrice: 990, flashStock: stock }], {
    admin,
    ...opts,
  });
  return { sku, itemId: s.itemIds[0] as number, sessionId: s.id, productId: p.productId };
}

describe('operator sessions', () => {
  it('sets the flash stock aside from the SKU and refuses bad sessions with their errors', async () => {
    const p = await makeProduct(t.app, { price: 5000, stock: 30 });
    const sku = p.skuIds[0] as number;
    const start = Date.now() + 60_000;
    const body = (over: Record<string, unknown>) => ({
      title: '早场',
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 3_600_000).toISOString(),
      items: [{ skuId: sku, flashPrice: 990, flashStock: 20 }],
      ...over,
    });
    const post = (payload: Record<string, unknown>, token = admin) =>
      call(t.app, { method: 'POST', url: `${API}/admin/seckill/session`, token, payload });
    const user = buyer(0);
    expect((await post(body({}), user.token)).body.error).toBe('FORBIDDEN');
    expect((await post(body({ endAt: new Date(start - 1000).toISOString() }))).body.error).toBe(
      'SECKILL_TIME_INVALID',
    );
    expect((await post(body({ startAt: 'yesterday' }))).body.error).toBe('SECKILL_TIME_INVALID');
    expect(
      (await post(body({ items: [{ skuId: sku, flashPrice: 5000, flashStock: 1 }] }))).body.error,
    ).toBe('SECKILL_PRICE_INVALID');
    expect(
      (await post(body({ items: [{ skuId: sku, flashPrice: 990, flashStock: 31 }] }))).body.error,
    ).toBe('SECKILL_STOCK_INVALID');
    expect((await post(body({ items: [] }))).body.error).toBe('SECKILL_ITEMS_INVALID');
    expect(await stockOf(t.app, sku)).toBe(30);

    const ok = await post(body({}));
    expect(ok.status).toBe(200);
    expect(await stockOf(t.app, sku)).toBe(10);
    const again = await post(body({ items: [{ skuId: sku, flashPrice: 990, flashStock: 1 }] }));
    expect(again.body.error).toBe('SECKILL_SESSION_OVERLAP');
  });

  it('lists sessions by state and items with their button state', async () => {
    const running = await saleOf(5);
    const later = await saleOf(5, { startInMs: 2 * 3_600_000 });
    const sessions = await call<{ list: { id: number; state: string; label: string }[] }>(t.app, {
      method: 'GET',
      url: `${API}/seckill/sessions`,
    });
    const byId = new Map(sessions.body.data.list.map((s) => [s.id, s]));
    expect(byId.get(later.sessionId)).toMatchObject({ state: 'upcoming', label: '即将开始' });
    expect(['running', 'started']).toContain(byId.get(running.sessionId)?.state);
    const items = await call<{ list: { state: string; flashPrice: number; progress: number }[] }>(
      t.app,
      { method: 'GET', url: `${API}/seckill/items?sessionId=${later.sessionId}` },
    );
    expect(items.body.data.list[0]).toMatchObject({
      state: 'remind',
      flashPrice: 990,
      progress: 0,
    });
    const banner = await call<{ session: { id: number } | null; list: unknown[] }>(t.app, {
      method: 'GET',
      url: `${API}/seckill/banner`,
    });
    expect(banner.body.data.session).not.toBeNull();
    const strip = await call<{ item: { id: number } } | null>(t.app, {
      method: 'GET',
      url: `${API}/seckill/product?productId=${running.productId}`,
    });
    expect(strip.body.data?.item.id).toBe(running.itemId);
    const plain = await makeProduct(t.app);
    const none = await call(t.app, {
      method: 'GET',
      url: `${API}/seckill/product?productId=${plain.productId}`,
    });
    expect(none.body.data).toBeNull();
    const missing = await call(t.app, { method: 'GET', url: `${API}/seckill/item?id=99999999` });
    expect(missing.body.error).toBe('SECKILL_NOT_FOUND');
  });
});

describe('buying', () => {
  it('needs a fresh ticket of this user for this item, and refuses before start', async () => {
    const { itemId } = await saleOf(5);
    const b = buyer(1);
    expect((await rush(t.app, b, itemId, { ticket: null })).body.error).toBe('CAPTCHA_REQUIRED');
    expect((await rush(t.app, b, itemId, { ticket: 'bm90IGpzb24=' })).body.error).toBe(
      'CAPTCHA_INVALID',
    );
    const othersTicket = await ticketFor(t.app, buyer(2).token, `seckill:${itemId}`);
    expect((await rush(t.app, b, itemId, { ticket: othersTicket })).body.error).toBe(
      'CAPTCHA_INVALID',
    );
    const wrongItem = await ticketFor(t.app, b.token, `seckill:${itemId + 1}`);
    expect((await rush(t.app, b, itemId, { ticket: wrongItem })).body.error).toBe(
      'CAPTCHA_INVALID',
    );
    const ticket = await ticketFor(t.app, b.token, `seckill:${itemId}`);
    const first = await rush(t.app, b, itemId, { ticket });
    expect(first.status).toBe(200);
    expect(first.body.data.payAmount).toBe(990 + 800);
    const minutes = (Date.parse(first.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5.1);
    const replay = await rush(t.app, buyer(3), itemId, { ticket });
    expect(replay.body.error).toBe('CAPTCHA_INVALID');
    const sameUserReplay = await rush(t.app, b, itemId, { ticket });
    expect(sameUserReplay.body.error).toBe('CAPTCHA_USED');

    const again = await rush(t.app, b, itemId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'SECKILL_LIMIT',
      msg: '每人限购1件，您已抢购过该商品',
    });

    const upcoming = await saleOf(5, { startInMs: 600_000 });
    expect((await rush(t.app, b, upcoming.itemId)).body.error).toBe('SECKILL_NOT_STARTED');
    const bad = await call(t.app, {
      method: 'POST',
      url: `${API}/seckill/rush`,
      token: b.token,
      payload: { itemId, addressId: b.addressId, clientKey: 'short' },
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'CLIENT_KEY_INVALID' });
  });

  it('after a grab the item answers the limit reached; a second grab with a fresh captcha gets 每人限购', async () => {
    const { itemId } = await saleOf(5);
    const b = buyer(5);
    const mine = async () =>
      (
        await call<{ mine: number; item: { perUserLimit: number } }>(t.app, {
          method: 'GET',
          url: `${API}/seckill/item?id=${itemId}`,
          token: b.token,
        })
      ).body.data;
    expect(await mine()).toMatchObject({ mine: 0, item: { perUserLimit: 1 } });
    expect((await rush(t.app, b, itemId)).status).toBe(200);
    // What 立即抢购 disables 马上抢 by (已达限购): the unpaid order counts.
    expect((await mine()).mine).toBe(1);
    const fresh = await ticketFor(t.app, b.token, `seckill:${itemId}`);
    const again = await rush(t.app, b, itemId, { ticket: fresh });
    expect(again.body).toMatchObject({
      code: 409,
      error: 'SECKILL_LIMIT',
      msg: '每人限购1件，您已抢购过该商品',
    });
  });

  it('a retried request with its spent ticket answers the order of its first try', async () => {
    const { itemId } = await saleOf(3);
    const b = buyer(4);
    const ticket = await ticketFor(t.app, b.token, `seckill:${itemId}`);
    const first = await rush(t.app, b, itemId, { ticket, key: 'retry_key_01' });
    const retry = await rush(t.app, b, itemId, { ticket, key: 'retry_key_01' });
    expect(retry.status).toBe(200);
    expect(retry.body.data.payNo).toBe(first.body.data.payNo);
    expect((await itemRow(itemId)).sold).toBe(1);
  });

  it('concurrent attempts sell exactly the flash stock, one per user, never the SKU stock', async () => {
    const { itemId, sku } = await saleOf(7);
    const skuBefore = await stockOf(t.app, sku);
    const tickets = await Promise.all(
      Array.from({ length: 36 }, (_, i) => ticketFor(t.app, buyer(i).token, `seckill:${itemId}`)),
    );
    const results = await Promise.all(
      tickets.map((ticket, i) => rush(t.app, buyer(i), itemId, { ticket })),
    );
    const placed = results.filter((r) => r.status === 200);
    expect(placed).toHaveLength(7);
    const errors = results.filter((r) => r.status !== 200).map((r) => r.body.error);
    expect(errors.every((e) => e === 'SECKILL_SOLD_OUT' || e === 'SECKILL_LIMIT')).toBe(true);
    expect((await itemRow(itemId)).sold).toBe(7);
    const owners = await t.app.deps.db
      .selectFrom('seckill_purchase')
      .select('user_id')
      .where('item_id', '=', itemId)
      .execute();
    expect(new Set(owners.map((o) => o.user_id)).size).toBe(7);
    expect(await stockOf(t.app, sku)).toBe(skuBefore);
    const view = await call<{ item: { state: string; progress: number } }>(t.app, {
      method: 'GET',
      url: `${API}/seckill/item?id=${itemId}`,
    });
    expect(view.body.data.item).toMatchObject({ state: 'soldOut', progress: 100 });
    expect(await t.app.seckillModule.counter.peek(itemId)).toBe(0);
  });

  it('a cancelled or expired unpaid flash order gives its unit back to the sale once', async () => {
    const { itemId, sku } = await saleOf(1);
    const skuBefore = await stockOf(t.app, sku);
    const a = buyer(5);
    const first = await rush(t.app, a, itemId);
    expect(first.status).toBe(200);
    expect((await rush(t.app, buyer(6), itemId)).body.error).toBe('SECKILL_SOLD_OUT');
    const cancel = await call(t.app, {
      method: 'POST',
      url: `${API}/order/cancel`,
      token: a.token,
      payload: { orderNo: first.body.data.orderNos[0] },
    });
    expect(cancel.status).toBe(200);
    expect((await itemRow(itemId)).sold).toBe(0);
    expect(await t.app.seckillModule.counter.peek(itemId)).toBe(1);
    expect(await stockOf(t.app, sku)).toBe(skuBefore);

    const second = await rush(t.app, buyer(6), itemId);
    expect(second.status).toBe(200);
    // Expire it: the sweeper cancels it and the unit comes back once.
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', second.body.data.orderNos[0] as string)
      .execute();
    expect(await t.app.orderModule.expiry.sweep()).toBe(1);
    expect(await t.app.orderModule.expiry.sweep()).toBe(0);
    expect((await itemRow(itemId)).sold).toBe(0);
    expect(await t.app.seckillModule.counter.peek(itemId)).toBe(1);
    // The user whose order expired may try again.
    expect((await rush(t.app, buyer(6), itemId)).status).toBe(200);
  });

  it('a lost counter is rebuilt from the database, and a leaked unit is healed', async () => {
    const { itemId } = await saleOf(6);
    const { counter, sweeper } = t.app.seckillModule;
    expect((await rush(t.app, buyer(7), itemId)).status).toBe(200);
    await counter.drop(itemId); // as after a Redis restart
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => rush(t.app, buyer(8 + i), itemId)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect((await itemRow(itemId)).sold).toBe(6);

    // A node took a unit and died before placing: the count is short by one.
    const fresh = await saleOf(2);
    expect((await rush(t.app, buyer(1), fresh.itemId)).status).toBe(200);
    expect(await counter.take(fresh.itemId, 424242, 1)).toBe('ok');
    expect((await rush(t.app, buyer(2), fresh.itemId)).body.error).toBe('SECKILL_SOLD_OUT');
    await sweeper.reconcile();
    await sweeper.reconcile();
    expect(await counter.peek(fresh.itemId)).toBe(1);
    await new Promise((r) => setTimeout(r, 250)); // this node's 已抢光 memo lapses
    expect((await rush(t.app, buyer(2), fresh.itemId)).status).toBe(200);
    expect((await itemRow(fresh.itemId)).sold).toBe(2);
  });

  it('an ended session gives its unsold units back to the SKU once', async () => {
    const { itemId, sku, sessionId } = await saleOf(4);
    expect((await rush(t.app, buyer(3), itemId)).status).toBe(200);
    const before = await stockOf(t.app, sku);
    await t.app.deps.db
      .updateTable('seckill_session')
      .set({ end_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionId)
      .execute();
    expect(await t.app.seckillModule.sweeper.settle()).toBeGreaterThanOrEqual(1);
    await t.app.seckillModule.sweeper.settle();
    expect(await stockOf(t.app, sku)).toBe(before + 3);
    expect((await rush(t.app, buyer(4), itemId)).body.error).toBe('SECKILL_ENDED');
  });
});

describe('reminders', () => {
  it('subscribers get one notice in 消息中心 before the start, whatever the sweeps', async () => {
    const { itemId } = await saleOf(3, { startInMs: 120_000 });
    const b = buyer(9);
    const sub = await call(t.app, {
      method: 'POST',
      url: `${API}/seckill/subscribe`,
      token: b.token,
      payload: { itemId, sms: true },
    });
    expect(sub.status).toBe(200);
    const mine = await call<{ list: { item: { id: number; subscribed: boolean } }[] }>(t.app, {
      method: 'GET',
      url: `${API}/seckill/mySubscribe`,
      token: b.token,
    });
    expect(mine.body.data.list.map((s) => s.item.id)).toContain(itemId);
    const { sweeper } = t.app.seckillModule;
    const nodes = [sweeper];
    if (TEST_DB === 'postgres') nodes.push((await t.secondNode()).seckillModule.sweeper);
    const sent = await Promise.all([...nodes, ...nodes].map((s) => s.remind()));
    expect(sent.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await sweeper.remind()).toBe(0);
    const notices = await t.app.deps.db
      .selectFrom('system_notice')
      .select(['title', 'content', 'link'])
      .where('user_id', '=', b.userId)
      .where('title', '=', '秒杀提醒')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe(`/rootPages/mySubscribe/shopRush?id=${itemId}`);

    const off = await call(t.app, {
      method: 'POST',
      url: `${API}/seckill/unsubscribe`,
      token: b.token,
      payload: { itemId },
    });
    expect(off.status).toBe(200);
    const started = await saleOf(3);
    const late = await call(t.app, {
      method: 'POST',
      url: `${API}/seckill/subscribe`,
      token: b.token,
      payload: { itemId: started.itemId },
    });
    expect(late.body.error).toBe('SECKILL_SUBSCRIBE_CLOSED');
  });
});
