import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';
import { maskNickname } from './barrage.service.ts';

let t: TestApp;
let a: Buyer;
beforeAll(async () => {
  t = await createTestApp();
  a = await makeBuyer(t.app);
});
afterAll(async () => {
  await t.close();
});

type Barrage = { text: string; avatar: string }[];
const barrage = () => call<Barrage>(t.app, { method: 'GET', url: `${API}/home/barrage` });

describe('maskNickname', () => {
  it.each([
    ['潮友_3f9a2b', '潮友_3f****'],
    ['小明', '小****'],
    ['A', '****'],
    ['', '****'],
  ])('%s → %s', (name, masked) => expect(maskNickname(name)).toBe(masked));
});

describe('home/barrage', () => {
  it('lists paid orders only, newest first, with a masked nickname and the title', async () => {
    const empty = await barrage();
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);

    await topUp(t.app, a.token, 100_000);
    const first = await makeProduct(t.app, { price: 1000 });
    const second = await makeProduct(t.app, { price: 2000 });
    const unpaid = await makeProduct(t.app, { price: 3000 });
    const titleOf = async (productId: number) =>
      (
        await t.app.deps.db
          .selectFrom('product')
          .select('title')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
      ).title;
    for (const p of [first, second]) {
      const order = await newOrder(t.app, a, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
      const paid = await call(t.app, {
        method: 'POST',
        url: `${API}/order/newBalancePay`,
        token: a.token,
        payload: { orderNo: order.body.data.payNo, payPassword: '135790' },
      });
      expect(paid.status).toBe(200);
    }
    await newOrder(t.app, a, [{ skuId: unpaid.skuIds[0] as number, quantity: 1 }]);

    const user = await t.app.deps.db
      .selectFrom('app_user')
      .select(['nickname', 'avatar'])
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    const res = await barrage();
    expect(res.status).toBe(200);
    const who = maskNickname(user.nickname);
    expect(res.body.data).toEqual([
      { text: `${who}刚刚购买了 ${await titleOf(second.productId)}`, avatar: user.avatar },
      { text: `${who}刚刚购买了 ${await titleOf(first.productId)}`, avatar: user.avatar },
    ]);
    expect(res.body.data[0]?.text).not.toContain(user.nickname);
  });

  it('answers a wrong method with the catalogue error', async () => {
    const res = await call(t.app, { method: 'POST', url: `${API}/home/barrage`, payload: {} });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBeTruthy();
    expect(res.body.error).toMatch(/NOT_FOUND|NOT_ALLOWED/);
  });
});

describe('home/unreadAndCartCount', () => {
  const counts = (token?: string) =>
    call<{ unread: number; cartCount: number }>(t.app, {
      method: 'GET',
      url: `${API}/home/unreadAndCartCount`,
      token,
    });

  it('is 0 when signed out (or with a dead token) and the cart count when signed in', async () => {
    expect((await counts()).body.data).toEqual({ unread: 0, cartCount: 0 });
    const dead = await counts('not-a-token');
    expect([dead.status, dead.body.data]).toEqual([200, { unread: 0, cartCount: 0 }]);

    const b = await makeBuyer(t.app);
    const p = await makeProduct(t.app, { stock: 10 });
    const added = await call(t.app, {
      method: 'POST',
      url: `${API}/cart/add`,
      token: b.token,
      ...form({ skuId: p.skuIds[0] as number, quantity: 3 }),
    });
    expect(added.status).toBe(200);
    const res = await counts(b.token);
    // A new user's one unread message is the welcome notice.
    expect([res.status, res.body.data]).toEqual([200, { unread: 1, cartCount: 3 }]);
  });

  it('answers a wrong method with the catalogue error', async () => {
    const res = await call(t.app, {
      method: 'DELETE',
      url: `${API}/home/unreadAndCartCount`,
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBeTruthy();
  });
});
