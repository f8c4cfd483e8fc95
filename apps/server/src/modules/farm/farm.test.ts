import type {
  FarmFriendData,
  FarmFruit,
  FarmFruitsData,
  FarmHarvestData,
  FarmHelpData,
  FarmHomeData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { get, makeAdmin, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../test/kits/coupon-kit.ts';
import {
  type Buyer,
  clientKey,
  makeBuyer,
  makeProduct,
  makeShopper,
  orderStatus,
  stockOf,
} from '../../../test/kits/order-kit.ts';
import { seedFarm } from '../../seed/seed-farm.ts';

let t: TestApp;
let admin: string;
/** Cluster mode: a second server on the same database and Redis takes half the taps. */
let other: FastifyInstance;
let couponTemplate: number;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  other = TEST_DB === 'postgres' ? await t.secondNode() : t.app;
  couponTemplate = await makeTemplate(t.app, admin, {
    name: '果园测试券',
    total: 1_000,
    perUser: 50,
    claimable: false,
  });
});
afterAll(async () => {
  await t?.close();
});

/** The app of the nth concurrent request: alternating nodes in cluster mode. */
const node = (i: number) => (i % 2 ? other : t.app);

async function makeFruit(over: Record<string, unknown> = {}): Promise<number> {
  const res = await post<{ id: number }>(t.app, 'admin/farm/fruit', admin, {
    name: '苹果树',
    image: '',
    waterNeeded: 100,
    reward: 'coupon',
    couponTemplateId: couponTemplate,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const home = (b: Buyer) => get<FarmHomeData>(t.app, 'farm/home', b.token);
const plant = (b: Buyer, fruitId: number, app = t.app) =>
  post<FarmHomeData>(app, 'farm/plant', b.token, { fruitId });
const collect = (b: Buyer, app = t.app) => post<FarmHomeData>(app, 'farm/collect', b.token, {});
const water = (b: Buyer, app = t.app) => post<FarmHomeData>(app, 'farm/water', b.token, {});
const help = (b: Buyer, friendId: number, app = t.app) =>
  post<FarmHelpData>(app, 'farm/help', b.token, { friendId });
const harvest = (b: Buyer, body: Record<string, unknown>, app = t.app) =>
  post<FarmHarvestData>(app, 'farm/harvest', b.token, body);

/** Puts water in a user's kettle directly (a test shortcut past the daily limits). */
async function fill(b: Buyer, water: number) {
  await t.app.deps.db
    .insertInto('farm_kettle')
    .values({ user_id: b.userId, water })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ water }))
    .execute();
}

async function farmCoupons(userId: number) {
  return t.app.deps.db
    .selectFrom('user_coupon')
    .select('id')
    .where('user_id', '=', userId)
    .where('source', '=', 'farm')
    .execute();
}

const errors = (rs: { status: number; body: { error?: string } }[]) =>
  rs.filter((r) => r.status !== 200).map((r) => r.body.error);

describe('the farm game: operator fruit kinds', () => {
  it('creates, lists, updates and deletes kinds; refuses bad kinds and non-operators', async () => {
    const id = await makeFruit({ name: '测试桃树', stagePercents: [0, 20, 40, 70, 100] });
    const list = await get<FarmFruitsData>(t.app, 'admin/farm/fruits', admin);
    const mine = list.body.data.list.find((f) => f.id === id);
    expect(mine).toMatchObject({
      name: '测试桃树',
      waterNeeded: 100,
      reward: 'coupon',
      rewardTitle: '果园测试券',
      stagePercents: [0, 20, 40, 70, 100],
      enabled: true,
    });

    const updated = await post<FarmFruit>(t.app, 'admin/farm/fruit/update', admin, {
      id,
      name: '改名桃树',
      image: '/peach.png',
      waterNeeded: 50,
      reward: 'coupon',
      couponTemplateId: couponTemplate,
      enabled: false,
    });
    expect(updated.body.data).toMatchObject({ name: '改名桃树', waterNeeded: 50, enabled: false });
    // A disabled kind is not offered to users and cannot be planted.
    const b = await makeShopper(t.app);
    const offered = await get<FarmFruitsData>(t.app, 'farm/fruits', b.token);
    expect(offered.body.data.list.some((f) => f.id === id)).toBe(false);
    expect((await plant(b, id)).body).toMatchObject({ code: 404, error: 'FARM_FRUIT_NOT_FOUND' });

    const bad = [
      [{ reward: 'coupon', couponTemplateId: null }, 'FARM_FRUIT_INVALID'],
      [{ reward: 'product', couponTemplateId: null }, 'FARM_FRUIT_INVALID'],
      [{ couponTemplateId: 999_999 }, 'COUPON_NOT_FOUND'],
      [{ reward: 'product', couponTemplateId: null, skuId: 999_999 }, 'SKU_NOT_FOUND'],
      [{ stagePercents: [0, 50, 40, 70, 100] }, 'FARM_FRUIT_INVALID'],
      [{ stagePercents: [5, 10, 40, 70, 100] }, 'FARM_FRUIT_INVALID'],
      [{ stagePercents: [0, 10] }, 'FARM_FRUIT_INVALID'],
      [{ waterNeeded: 0 }, 'FARM_FRUIT_INVALID'],
      [{ name: '' }, 'FARM_FRUIT_INVALID'],
      [{ reward: 'points' }, 'FARM_FRUIT_INVALID'],
    ] as const;
    for (const [over, error] of bad) {
      const res = await post(t.app, 'admin/farm/fruit', admin, {
        name: '坏果树',
        image: '',
        waterNeeded: 100,
        reward: 'coupon',
        couponTemplateId: couponTemplate,
        ...over,
      });
      expect([res.status >= 400 && res.status < 500, res.body.error], JSON.stringify(over)).toEqual(
        [true, error],
      );
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }

    // Users are not operators; visitors are not signed in.
    expect((await get(t.app, 'admin/farm/fruits', b.token)).status).toBe(403);
    expect((await post(t.app, 'admin/farm/fruit', b.token, {})).status).toBe(403);
    expect((await get(t.app, 'farm/home', undefined)).status).toBe(401);

    expect((await post(t.app, 'admin/farm/fruit/delete', admin, { id })).status).toBe(200);
    expect((await post(t.app, 'admin/farm/fruit/delete', admin, { id })).body.error).toBe(
      'FARM_FRUIT_NOT_FOUND',
    );
    expect((await post(t.app, 'admin/farm/fruit/update', admin, { id: 999_999 })).status).toBe(400);
  });
});

describe('the farm game: planting and water', () => {
  it('plants one tree at a time, even under concurrent taps', async () => {
    const fruitId = await makeFruit();
    const b = await makeShopper(t.app);
    const empty = await home(b);
    expect(empty.body.data).toMatchObject({ tree: null, kettle: 0, userId: b.userId });
    expect(empty.body.data.stageNames).toEqual(['种子', '发芽', '幼苗', '开花', '结果']);

    expect((await plant(b, 999_999)).body).toMatchObject({
      code: 404,
      error: 'FARM_FRUIT_NOT_FOUND',
      msg: '果树品种不存在',
    });
    expect((await plant(b, 0)).body.error).toBe('FARM_FRUIT_NOT_FOUND');

    const burst = await Promise.all([0, 1, 2, 3].map((i) => plant(b, fruitId, node(i))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(errors(burst)).toEqual(['FARM_HAS_TREE', 'FARM_HAS_TREE', 'FARM_HAS_TREE']);
    const h = (await home(b)).body.data;
    expect(h.tree).toMatchObject({
      fruitId,
      growth: 0,
      percent: 0,
      stage: 0,
      stageName: '种子',
      state: 'growing',
      claimable: false,
    });
  });

  it('collects the daily water once under concurrent taps and across nodes', async () => {
    const b = await makeShopper(t.app);
    const burst = await Promise.all([0, 1, 2, 3, 4].map((i) => collect(b, node(i))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(errors(burst)).toEqual(Array(4).fill('FARM_ALREADY_COLLECTED'));
    expect(burst.find((r) => r.status !== 200)?.body.msg).toBe('今天已经领过水了');
    const h = (await home(b)).body.data;
    expect(h.kettle).toBe(10);
    expect(h.tasks).toMatchObject({ collectedToday: true, dailyWater: 10, waterStep: 10 });
    expect(h.log.map((l) => [l.source, l.amount, l.sourceText])).toEqual([
      ['daily', 10, '每日领水'],
    ]);

    // Sharing gives its water once a day too.
    const shared = await Promise.all(
      [0, 1, 2].map((i) => post(node(i), 'farm/share', b.token, {})),
    );
    expect(errors(shared)).toEqual(['FARM_SHARED_TODAY', 'FARM_SHARED_TODAY']);
    expect((await home(b)).body.data).toMatchObject({ kettle: 15, tasks: { sharedToday: true } });
  });

  it('waters from the kettle: no tree, an empty kettle and concurrent taps are exact', async () => {
    const fruitId = await makeFruit({ waterNeeded: 40 });
    const b = await makeShopper(t.app);
    expect((await water(b)).body).toMatchObject({ code: 409, error: 'FARM_NO_TREE' });
    await plant(b, fruitId);
    const dry = await water(b);
    expect(dry.body).toMatchObject({
      code: 409,
      error: 'FARM_WATER_NOT_ENOUGH',
      msg: '水壶里的水不够了',
    });

    await collect(b);
    // 10 water, three taps at once: exactly one takes it.
    const burst = await Promise.all([0, 1, 2].map((i) => water(b, node(i))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(errors(burst)).toEqual(['FARM_WATER_NOT_ENOUGH', 'FARM_WATER_NOT_ENOUGH']);
    let h = (await home(b)).body.data;
    expect(h.kettle).toBe(0);
    // 10 of 40: 25 % is past 发芽 (10 %).
    expect(h.tree).toMatchObject({ growth: 10, percent: 25, stage: 1, stageName: '发芽' });
    expect(h.log[0]).toMatchObject({ source: 'water', amount: -10 });

    // 25 water, many taps at once: two taps' worth are taken, never below zero.
    await fill(b, 25);
    const more = await Promise.all([0, 1, 2, 3, 4].map((i) => water(b, node(i))));
    expect(more.filter((r) => r.status === 200)).toHaveLength(2);
    h = (await home(b)).body.data;
    expect(h.kettle).toBe(5);
    expect(h.tree).toMatchObject({ growth: 30, percent: 75, stage: 3, stageName: '开花' });

    // The last step ripens it; a ripe tree takes no more water.
    await fill(b, 100);
    const last = await water(b);
    expect(last.body.data.tree).toMatchObject({
      growth: 40,
      percent: 100,
      stage: 4,
      stageName: '结果',
      state: 'ripe',
      claimable: true,
    });
    expect((await water(b)).body).toMatchObject({ code: 409, error: 'FARM_RIPE' });
    expect((await home(b)).body.data.kettle).toBe(90);
  });

  it('gives water once per paid order', async () => {
    const shop = await makeProduct(t.app, { price: 990, stock: 5 });
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(
      t.app,
      b,
      admin,
      [{ skuId: shop.skuIds[0] as number, quantity: 1 }],
      'paid',
    );
    const h = (await home(b)).body.data;
    expect(h.kettle).toBe(20);
    expect(h.tasks.ordersToday).toBe(1);
    expect(h.log[0]).toMatchObject({ source: 'order', amount: 20, sourceText: '下单得水' });
    // The same order again (a replayed event) gives nothing more.
    await t.app.deps.db
      .transaction()
      .execute((trx) => t.app.farmModule.farm.onPaid(trx, b.userId, [orderNo]));
    expect((await home(b)).body.data.kettle).toBe(20);
  });
});

describe('the farm game: friends', () => {
  it('a friend helps once a day per pair, never oneself', async () => {
    const owner = await makeShopper(t.app);
    const friend = await makeShopper(t.app);
    const another = await makeShopper(t.app);
    expect((await help(owner, owner.userId)).body).toMatchObject({
      code: 400,
      error: 'FARM_HELP_SELF',
    });
    expect((await help(friend, 999_999)).body).toMatchObject({
      code: 404,
      error: 'FARM_FRIEND_NOT_FOUND',
    });
    expect((await help(friend, 0)).body.error).toBe('FARM_FRIEND_NOT_FOUND');

    const view = await get<FarmFriendData>(t.app, 'farm/friend', friend.token, {
      id: owner.userId,
    });
    expect(view.body.data).toMatchObject({
      friendId: owner.userId,
      helpedToday: false,
      self: false,
    });

    const burst = await Promise.all([0, 1, 2, 3].map((i) => help(friend, owner.userId, node(i))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(errors(burst)).toEqual(Array(3).fill('FARM_HELPED_TODAY'));
    expect(burst.find((r) => r.status === 200)?.body.data.amount).toBe(5);
    expect((await help(another, owner.userId)).status).toBe(200);
    // The reverse pair is another pair.
    expect((await help(owner, friend.userId)).status).toBe(200);

    const h = (await home(owner)).body.data;
    expect(h.kettle).toBe(10);
    expect(h.tasks.helpsToday).toBe(2);
    expect((await home(friend)).body.data.kettle).toBe(5);
    const after = await get<FarmFriendData>(t.app, 'farm/friend', friend.token, {
      id: owner.userId,
    });
    expect(after.body.data.helpedToday).toBe(true);
  });
});

describe('the farm game: harvest', () => {
  async function ripeTree(b: Buyer, fruitId: number): Promise<number> {
    await plant(b, fruitId);
    await fill(b, 10);
    const res = await water(b);
    expect(res.body.data.tree?.state).toBe('ripe');
    return res.body.data.tree?.id as number;
  }

  it('harvests a coupon once under concurrent taps; then the user plants again', async () => {
    const fruitId = await makeFruit({ waterNeeded: 10 });
    const b = await makeShopper(t.app);
    const stranger = await makeShopper(t.app);
    await plant(b, fruitId);
    const growing = (await home(b)).body.data.tree?.id as number;
    expect((await harvest(b, { treeId: growing })).body).toMatchObject({
      code: 409,
      error: 'FARM_NOT_RIPE',
      msg: '果子还没成熟',
    });
    await fill(b, 10);
    await water(b);

    // Someone else's tree is not found for them.
    expect((await harvest(stranger, { treeId: growing })).body).toMatchObject({
      code: 404,
      error: 'FARM_TREE_NOT_FOUND',
    });
    expect((await harvest(b, { treeId: 999_999 })).body.error).toBe('FARM_TREE_NOT_FOUND');
    expect((await harvest(b, {})).body.error).toBe('FARM_TREE_NOT_FOUND');

    const burst = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => harvest(b, { treeId: growing }, node(i))),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(errors(burst)).toEqual(Array(4).fill('FARM_HARVESTED'));
    const won = burst.find((r) => r.status === 200)?.body.data;
    expect(won).toMatchObject({ reward: 'coupon', title: '果园测试券', order: null });
    expect(won?.tree).toMatchObject({ state: 'harvested', claimable: false });
    expect(await farmCoupons(b.userId)).toHaveLength(1);
    expect(await farmCoupons(stranger.userId)).toHaveLength(0);

    // A new tree may be planted now, and harvested again.
    const again = await ripeTree(b, fruitId);
    expect(again).not.toBe(growing);
    expect((await harvest(b, { treeId: again })).status).toBe(200);
    expect(await farmCoupons(b.userId)).toHaveLength(2);
  });

  it('harvests a product as one ¥0 order with an address, once', async () => {
    const shop = await makeProduct(t.app, { price: 3_000, stock: 5 });
    const skuId = shop.skuIds[0] as number;
    const fruitId = await makeFruit({
      waterNeeded: 10,
      reward: 'product',
      couponTemplateId: null,
      skuId,
    });
    const b = await makeShopper(t.app);
    const stranger = await makeShopper(t.app);
    const treeId = await ripeTree(b, fruitId);
    expect((await home(b)).body.data.tree).toMatchObject({ reward: 'product', claimable: true });
    // A growing product tree is not ripe, whatever the body.
    await plant(stranger, fruitId);
    const unripe = (await home(stranger)).body.data.tree?.id as number;
    expect((await harvest(stranger, { treeId: unripe })).body.error).toBe('FARM_NOT_RIPE');
    expect(
      (
        await harvest(stranger, {
          treeId: unripe,
          clientKey: clientKey(),
          addressId: stranger.addressId,
        })
      ).body.error,
    ).toBe('FARM_NOT_RIPE');

    expect((await harvest(b, { treeId })).body.error).toBe('CLIENT_KEY_INVALID');
    expect((await harvest(b, { treeId, clientKey: clientKey() })).body.error).toBe(
      'ADDRESS_REQUIRED',
    );
    // Another user's address is not this user's.
    expect(
      (await harvest(b, { treeId, clientKey: clientKey(), addressId: stranger.addressId })).body
        .error,
    ).toBe('ADDRESS_REQUIRED');
    expect(
      (await harvest(stranger, { treeId, clientKey: clientKey(), addressId: stranger.addressId }))
        .body.error,
    ).toBe('FARM_TREE_NOT_FOUND');

    const keys = [clientKey(), clientKey(), clientKey(), clientKey()];
    const burst = await Promise.all(
      keys.map((key, i) => harvest(b, { treeId, clientKey: key, addressId: b.addressId }, node(i))),
    );
    const okOnes = burst.filter((r) => r.status === 200);
    expect(okOnes).toHaveLength(1);
    expect(errors(burst)).toEqual(Array(3).fill('FARM_HARVESTED'));
    const first = okOnes[0]?.body.data;
    expect(first?.reward).toBe('product');
    const orderNo = first?.order?.orderNos[0] as string;
    expect(first?.tree).toMatchObject({ state: 'harvested', orderNo });
    expect(await stockOf(t.app, skuId)).toBe(4);
    const item = await t.app.deps.db
      .selectFrom('order_item as i')
      .innerJoin('shop_order as o', 'o.id', 'i.order_id')
      .select(['i.price', 'o.user_id'])
      .where('o.order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ price: 0, user_id: b.userId });

    // The same submit again answers its order; the goods go once.
    const key = keys[burst.findIndex((r) => r.status === 200)] as string;
    const retry = await harvest(b, { treeId, clientKey: key, addressId: b.addressId });
    expect(retry.body.data.order?.orderNos).toEqual([orderNo]);
    expect(await stockOf(t.app, skuId)).toBe(4);

    // A ¥0 order ships free (DEAL_FREE_SHIPPING) and is paid at once: no cashier, no expiry.
    expect(first?.order?.payAmount).toBe(0);
    // The harvest sheet asked the same rule before the claim: 免运费.
    const asked = await get<{ shippingFee: number }>(t.app, 'order/dealShipping', b.token, {
      skuId,
    });
    expect(asked.body.data.shippingFee).toBe(0);
    expect((await orderStatus(t.app, b.token, orderNo)).body.data.status).toBe('unshipped');
    const third = await harvest(b, { treeId, clientKey: clientKey(), addressId: b.addressId });
    expect(third.body.error).toBe('FARM_HARVESTED');
  });
});

describe('the farm game: demo seed', () => {
  it('seeds the demo fruit kinds once', async () => {
    await makeProduct(t.app, { price: 100, stock: 3 });
    expect(await seedFarm(t.app)).toBe(3);
    expect(await seedFarm(t.app)).toBe(0);
    const b = await makeShopper(t.app);
    const list = (await get<FarmFruitsData>(t.app, 'farm/fruits', b.token)).body.data.list;
    const names = list.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['苹果树', '橙子树', '猕猴桃树']));
    expect(list.find((f) => f.name === '猕猴桃树')?.reward).toBe('product');
  });
});
