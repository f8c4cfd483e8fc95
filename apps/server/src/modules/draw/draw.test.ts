import type {
  DrawAdminResultsPage,
  DrawChancesData,
  DrawPrizeBody,
  DrawWheelData,
  NewOrderData,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../test/kits/coupon-kit.ts';
import {
  makeWheel,
  player,
  pointsOf,
  resultsOf,
  spin,
  spinKey,
  wheelOf,
} from '../../../test/kits/draw-kit.ts';
import { type Buyer, makeBuyer, makeProduct } from '../../../test/kits/order-kit.ts';
import { seedDraw } from '../../seed/seed-draw.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const nothing: DrawPrizeBody = { kind: 'nothing', weight: 1 };
const chancesOf = (b: Buyer) => t.app.drawModule.draw.chancesOf(b.userId);

describe('the lucky draw', () => {
  it('shows the wheel: 8 slots, my free spins, chances, points and the cost', async () => {
    const templateId = await makeTemplate(t.app, admin, { name: '抽奖满减券' });
    const shop = await makeProduct(t.app, { price: 9_900, stock: 5 });
    const id = await makeWheel(t.app, admin, [
      { kind: 'coupon', couponTemplateId: templateId, weight: 10, stock: 100 },
      { kind: 'redpacket', amount: 188, weight: 10, stock: 100 },
      { kind: 'points', amount: 20, weight: 10 },
      { kind: 'product', skuId: shop.skuIds[0] as number, weight: 1, stock: 1, title: '好礼' },
      nothing,
      nothing,
      nothing,
      nothing,
    ]);
    const a = await player(t.app, 80);
    const res = await wheelOf(t.app, a, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = res.body.data;
    expect(w).toMatchObject({
      id,
      open: true,
      pointsCost: 50,
      freePerDay: 1,
      freeLeft: 1,
      chances: 0,
      balance: 80,
      orderChances: 1,
    });
    expect(w.prizes.map((p) => p.title)).toEqual([
      '抽奖满减券',
      '¥1.88红包',
      '20积分',
      '好礼',
      '谢谢参与',
      '谢谢参与',
      '谢谢参与',
      '谢谢参与',
    ]);
    expect(w.prizes.map((p) => p.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(w.prizes[3]?.image).toBe('/s.png');
    // Without an id: the wheel running now (the newest).
    const current = await get<{ id: number }>(t.app, 'draw/wheel', a.token);
    expect(current.body.data.id).toBe(id);
  });

  it('pays free, then points exactly; a retry answers the first spin; refuses without points', async () => {
    const id = await makeWheel(t.app, admin, [{ kind: 'points', amount: 7, weight: 1 }]);
    const a = await player(t.app, 120);
    const key = spinKey();
    const first = await spin(t.app, a, id, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ fresh: true, freeLeft: 0, balance: 127 });
    expect(first.body.data.result).toMatchObject({
      kind: 'points',
      title: '7积分',
      amount: 7,
      costKind: 'free',
      costPoints: 0,
      slot: 0,
      link: '/rootPages/integral/MyBill',
    });
    // The same key again (and twice at once): the same result, nothing paid or given again.
    const [again, again2] = await Promise.all([spin(t.app, a, id, key), spin(t.app, a, id, key)]);
    for (const r of [again, again2]) {
      expect(r.body.data.fresh).toBe(false);
      expect(r.body.data.result.id).toBe(first.body.data.result.id);
    }
    expect(await pointsOf(t.app, a)).toBe(127);

    const paid = await spin(t.app, a, id);
    expect(paid.body.data.result).toMatchObject({ costKind: 'points', costPoints: 50 });
    expect(await pointsOf(t.app, a)).toBe(127 - 50 + 7);
    await spin(t.app, a, id);
    expect(await pointsOf(t.app, a)).toBe(127 - 100 + 14);
    const poor = await spin(t.app, a, id);
    expect(poor.body).toMatchObject({
      code: 409,
      error: 'DRAW_POINTS_NOT_ENOUGH',
      msg: '积分不足，每次抽奖需50积分',
    });
    expect(await pointsOf(t.app, a)).toBe(41);

    // Every spin recorded, newest first, paged.
    const page = await resultsOf(t.app, a, { pageNum: 1, pageSize: 2 });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list.map((r) => r.costKind)).toEqual(['points', 'points']);
    const page2 = await resultsOf(t.app, a, { pageNum: 2, pageSize: 2, wheelId: id });
    expect(page2.body.data.list.map((r) => r.costKind)).toEqual(['free']);
    expect(await ledgerSum(t.app)).toBe(0);

    // A wheel without a points price: once the free spin is used, no more today.
    const free = await makeWheel(t.app, admin, [nothing], { pointsCost: 0 });
    expect((await spin(t.app, a, free)).status).toBe(200);
    expect((await spin(t.app, a, free)).body).toMatchObject({
      code: 409,
      error: 'DRAW_NO_CHANCE',
      msg: '今日抽奖次数已用完',
    });
  });

  it('gives the free spin once per day under concurrent taps', async () => {
    const id = await makeWheel(t.app, admin, [nothing], { freePerDay: 1, pointsCost: 50 });
    const broke = await player(t.app, 0);
    const taps = await Promise.all([1, 2, 3, 4, 5, 6].map(() => spin(t.app, broke, id)));
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.body.error === 'DRAW_POINTS_NOT_ENOUGH')).toHaveLength(5);

    // 120 points and 6 taps at once: one free spin, two paid, three refused.
    const rich = await player(t.app, 120);
    const burst = await Promise.all([1, 2, 3, 4, 5, 6].map(() => spin(t.app, rich, id)));
    const done = burst.filter((r) => r.status === 200).map((r) => r.body.data.result.costKind);
    expect(done.sort()).toEqual(['free', 'points', 'points']);
    expect(await pointsOf(t.app, rich)).toBe(20);
    const w = await wheelOf(t.app, rich, id);
    expect(w.body.data).toMatchObject({ freeLeft: 0, balance: 20 });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('spends earned chances: from the operator (once per key) and a day’s first paid order', async () => {
    const id = await makeWheel(t.app, admin, [nothing], { freePerDay: 0 });
    const a = await makeBuyer(t.app);
    const key = spinKey();
    const give = (body: Record<string, unknown>) =>
      post<DrawChancesData>(t.app, 'admin/draw/chances', admin, body);
    expect((await give({ userId: a.userId, count: 2, clientKey: key })).body.data).toEqual({
      chances: 2,
      fresh: true,
    });
    expect((await give({ userId: a.userId, count: 2, clientKey: key })).body.data).toEqual({
      chances: 2,
      fresh: false,
    });
    const spins = await Promise.all([1, 2, 3, 4].map(() => spin(t.app, a, id)));
    expect(spins.filter((r) => r.status === 200).map((r) => r.body.data.result.costKind)).toEqual([
      'chance',
      'chance',
    ]);
    expect(await chancesOf(a)).toBe(0);

    // Two paid orders today: one chance.
    const shop = await makeProduct(t.app, { price: 1_000, stock: 10 });
    const items = [{ skuId: shop.skuIds[0] as number, quantity: 1 }];
    await orderAt(t.app, a, admin, items, 'paid');
    await orderAt(t.app, a, admin, items, 'paid');
    expect(await chancesOf(a)).toBe(1);
    expect((await wheelOf(t.app, a, id)).body.data.chances).toBe(1);
    expect((await spin(t.app, a, id)).body.data.result.costKind).toBe('chance');
  });

  it('gives coupons, red packets and points in the spin; a coupon I cannot get falls back', async () => {
    const templateId = await makeTemplate(t.app, admin, { name: '一人一张', perUser: 1 });
    const id = await makeWheel(
      t.app,
      admin,
      [{ kind: 'coupon', couponTemplateId: templateId, weight: 1, stock: 10 }],
      { freePerDay: 3 },
    );
    // The coupon is certain, but one per user: the later spins land on 谢谢参与.
    const a = await player(t.app);
    const kinds: string[] = [];
    for (let i = 0; i < 3; i++) kinds.push((await spin(t.app, a, id)).body.data.result.kind);
    expect(kinds).toEqual(['coupon', 'nothing', 'nothing']);
    const coupons = await t.app.deps.db
      .selectFrom('user_coupon')
      .select(['source'])
      .where('user_id', '=', a.userId)
      .where('template_id', '=', templateId)
      .execute();
    expect(coupons).toEqual([{ source: 'draw' }]);
    // The coupon's units went only to what was given.
    const admRes = await get<DrawAdminResultsPage>(t.app, 'admin/draw/results', admin, {
      wheelId: id,
    });
    expect(admRes.body.data.prizes[0]).toMatchObject({ stock: 9, won: 1 });

    const rp = await makeWheel(t.app, admin, [
      { kind: 'redpacket', amount: 288, weight: 1, stock: 3 },
    ]);
    const b = await player(t.app);
    const won = await spin(t.app, b, rp);
    expect(won.body.data.result).toMatchObject({
      kind: 'redpacket',
      amount: 288,
      link: '/pages/userMyAssets/redPacket',
    });
    const packets = await t.app.deps.db
      .selectFrom('red_packet')
      .select(['title', 'max_amount'])
      .where('user_id', '=', b.userId)
      .where('title', 'like', '幸运抽奖%')
      .execute();
    expect(packets).toEqual([{ title: '幸运抽奖：¥2.88红包', max_amount: 288 }]);
  });

  it('wins a product: claimed once as a ¥0 order; foreign ids and addresses refused', async () => {
    const shop = await makeProduct(t.app, { price: 5_000, stock: 5 });
    const id = await makeWheel(
      t.app,
      admin,
      [{ kind: 'product', skuId: shop.skuIds[0] as number, weight: 1, stock: 1 }],
      { freePerDay: 3 },
    );
    // The product is certain while it lasts: the first spin takes its one unit.
    const w = await player(t.app);
    const other = await player(t.app);
    const won = (await spin(t.app, w, id)).body.data.result;
    expect(won).toMatchObject({ kind: 'product', link: null, orderNo: null });
    const resultId = won.id;
    expect((await spin(t.app, other, id)).body.data.result.kind).toBe('nothing');
    // Sold out now: shown so, and later spins land on 谢谢参与.
    expect((await wheelOf(t.app, w, id)).body.data.prizes[0]?.soldOut).toBe(true);

    const claim = (b: Buyer, body: Record<string, unknown>) =>
      post<NewOrderData>(t.app, 'draw/claim', b.token, {
        resultId,
        addressId: b.addressId,
        clientKey: spinKey(),
        ...body,
      });
    expect((await claim(other, {})).body).toMatchObject({
      code: 404,
      error: 'DRAW_RESULT_NOT_FOUND',
    });
    expect((await claim(w, { addressId: other.addressId })).body.error).toBe('ADDRESS_REQUIRED');
    expect((await claim(w, { resultId: 99_999_999 })).body.error).toBe('DRAW_RESULT_NOT_FOUND');
    const key = spinKey();
    const placed = await claim(w, { clientKey: key });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderNo = placed.body.data.orderNos[0] as string;
    const retry = await claim(w, { clientKey: key });
    expect(retry.body.data.orderNos).toEqual([orderNo]);
    expect((await claim(w, {})).body).toMatchObject({ code: 409, error: 'DRAW_PRIZE_CLAIMED' });
    const order = await t.app.deps.db
      .selectFrom('shop_order')
      .select(['goods_amount'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.goods_amount).toBe(0);
    const mine = (await resultsOf(t.app, w)).body.data.list.find((r) => r.id === resultId);
    expect(mine).toMatchObject({ orderNo, link: expect.stringContaining(orderNo) });

    // A result that is not a product.
    const nothingResult = (await resultsOf(t.app, other)).body.data.list[0];
    expect(nothingResult?.kind).toBe('nothing');
    expect((await claim(other, { resultId: nothingResult?.id })).body).toMatchObject({
      code: 409,
      error: 'DRAW_NOT_PRODUCT',
    });
  });

  it('refuses bad input, unknown and foreign ids, closed wheels, anonymous and non-operators', async () => {
    const a = await player(t.app, 100);
    const id = await makeWheel(t.app, admin, [nothing]);
    expect((await spin(t.app, a, 99_999_999)).body).toMatchObject({
      code: 404,
      error: 'DRAW_NOT_FOUND',
    });
    expect((await wheelOf(t.app, a, 99_999_999)).body.error).toBe('DRAW_NOT_FOUND');
    for (const wheelId of [0, -1, 'x', 1.5]) {
      const r = await post(t.app, 'draw/spin', a.token, { wheelId, clientKey: spinKey() });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'DRAW_NOT_FOUND' });
    }
    for (const clientKey of ['', 'short', 'a b c d e f g h', 'x'.repeat(65)]) {
      const r = await post(t.app, 'draw/spin', a.token, { wheelId: id, clientKey });
      expect(r.body.error).toBe('CLIENT_KEY_INVALID');
    }
    // A key of a spin on another wheel.
    const key = spinKey();
    await spin(t.app, a, id, key);
    const other = await makeWheel(t.app, admin, [nothing]);
    expect((await spin(t.app, a, other, key)).body.error).toBe('CLIENT_KEY_INVALID');

    const later = await makeWheel(t.app, admin, [nothing], {
      startsAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect((await spin(t.app, a, later)).body).toMatchObject({ code: 409, error: 'DRAW_CLOSED' });
    expect((await wheelOf(t.app, a, later)).body.data.open).toBe(false);

    expect(
      (await post(t.app, 'draw/spin', undefined, { wheelId: id, clientKey: spinKey() })).status,
    ).toBe(401);
    expect((await get(t.app, 'draw/results', undefined)).status).toBe(401);
    expect(
      (await post(t.app, 'admin/draw/wheel', a.token, { title: 'x', prizes: [] })).status,
    ).toBe(403);
    expect((await get(t.app, 'admin/draw/results', a.token, { wheelId: id })).status).toBe(403);
    expect((await resultsOf(t.app, a, { pageSize: 1000 })).status).toBe(400);
  });

  it('lets the operator set wheels and prizes, validated; results list with stock', async () => {
    const templateId = await makeTemplate(t.app, admin);
    const bad = async (prizes: DrawPrizeBody[], over: Record<string, unknown> = {}) =>
      (await post(t.app, 'admin/draw/wheel', admin, { title: '坏转盘', prizes, ...over })).body;
    const six = (p: DrawPrizeBody) => [p, nothing, nothing, nothing, nothing, nothing];
    expect(await bad([nothing, nothing, nothing, nothing, nothing])).toMatchObject({
      code: 400,
      error: 'DRAW_INVALID',
    });
    expect((await bad(Array(9).fill(nothing))).error).toBe('DRAW_INVALID');
    expect((await bad(six({ kind: 'coupon', weight: 1, stock: 1 }))).error).toBe('DRAW_INVALID');
    expect(
      (await bad(six({ kind: 'coupon', couponTemplateId: templateId, weight: 1 }))).error,
    ).toBe('DRAW_INVALID');
    expect((await bad(six({ kind: 'points', amount: 5, skuId: 1, weight: 1 }))).error).toBe(
      'DRAW_INVALID',
    );
    expect((await bad(six({ kind: 'points', amount: 5, weight: -1 }))).error).toBe('DRAW_INVALID');
    expect((await bad(Array(6).fill({ kind: 'nothing', weight: 0 }))).error).toBe('DRAW_INVALID');
    expect(
      (await bad(six({ kind: 'coupon', couponTemplateId: 99_999_999, weight: 1, stock: 1 }))).error,
    ).toBe('COUPON_NOT_FOUND');
    expect(
      (await bad(six({ kind: 'product', skuId: 99_999_999, weight: 1, stock: 1 }))).error,
    ).toBe('SKU_NOT_FOUND');
    const when = new Date().toISOString();
    expect((await bad(six(nothing), { startsAt: when, endsAt: when })).error).toBe('DRAW_INVALID');
    expect((await bad(six(nothing), { startsAt: 'not a date at all' })).error).toBe('DRAW_INVALID');
    expect((await bad(six(nothing), { title: '' })).error).toBe('DRAW_INVALID');

    const id = await makeWheel(t.app, admin, [
      { kind: 'points', amount: 5, weight: 1 },
      nothing,
      nothing,
      nothing,
      nothing,
      nothing,
      nothing,
      nothing,
    ]);
    const upd = await post(t.app, 'admin/draw/wheel/update', admin, {
      id,
      title: '改过的转盘',
      pointsCost: 30,
      prizes: [
        { kind: 'redpacket', amount: 100, weight: 1, stock: 2, title: '一元红包' },
        nothing,
        nothing,
        nothing,
        nothing,
        nothing,
      ],
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const a = await player(t.app);
    const w = (await wheelOf(t.app, a, id)).body.data;
    expect(w).toMatchObject({ title: '改过的转盘', pointsCost: 30 });
    expect(w.prizes.map((p) => p.title)).toEqual(['一元红包', ...Array(5).fill('谢谢参与')]);
    expect(
      (
        await post(t.app, 'admin/draw/wheel/update', admin, {
          id: 99_999_999,
          title: 'x',
          prizes: six(nothing),
        })
      ).body.error,
    ).toBe('DRAW_NOT_FOUND');

    await spin(t.app, a, id);
    const res = await get<DrawAdminResultsPage>(t.app, 'admin/draw/results', admin, {
      wheelId: id,
    });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({ userId: a.userId, costKind: 'free' });
    expect(res.body.data.prizes.map((p) => p.weight)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(
      (await get(t.app, 'admin/draw/results', admin, { wheelId: 99_999_999 })).body.error,
    ).toBe('DRAW_NOT_FOUND');

    const give = (body: Record<string, unknown>) => post(t.app, 'admin/draw/chances', admin, body);
    expect((await give({ userId: 99_999_999, count: 1, clientKey: spinKey() })).body).toMatchObject(
      {
        code: 404,
        error: 'DRAW_USER_NOT_FOUND',
      },
    );
    for (const count of [0, 101, 1.5]) {
      expect((await give({ userId: a.userId, count, clientKey: spinKey() })).body.error).toBe(
        'DRAW_CHANCES_INVALID',
      );
    }
  });
});

describe('the demo wheel', () => {
  it('seeds 8 slots once: coupons, red packets, points, a product in small stock, 谢谢参与', async () => {
    await makeProduct(t.app, { price: 3_000, stock: 9 });
    expect(await seedDraw(t.app)).toBe(1);
    expect(await seedDraw(t.app)).toBe(0);
    const a = await player(t.app);
    const { id } = await t.app.deps.db
      .selectFrom('draw_wheel')
      .select('id')
      .where('title', '=', '幸运大转盘')
      .executeTakeFirstOrThrow();
    const w = (await wheelOf(t.app, a, id)).body.data;
    expect(w).toMatchObject({ title: '幸运大转盘', pointsCost: 50, freePerDay: 1, open: true });
    expect(w.prizes).toHaveLength(8);
    const kinds = new Set(w.prizes.map((p) => p.kind));
    for (const k of ['coupon', 'redpacket', 'points', 'product', 'nothing']) {
      expect(kinds.has(k as DrawWheelData['prizes'][number]['kind'])).toBe(true);
    }
    expect((await spin(t.app, a, w.id)).status).toBe(200);
  });
});
