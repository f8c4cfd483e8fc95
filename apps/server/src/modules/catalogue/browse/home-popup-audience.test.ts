import type { HomePopup } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { makeAdmin, orderAt } from '../../../../test/kits/aftersale-kit.ts';
import { makeBuyer, makeProduct } from '../../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let skuId: number;
beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_MS: '0', AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  skuId = (await makeProduct(t.app, { stock: 50 })).skuIds[0] ?? 0;
});
afterAll(async () => {
  await t.close();
});

const popup = (token?: string) =>
  call<HomePopup | null>(t.app, {
    method: 'GET',
    url: `${API}/home/popup`,
    ...(token ? { token } : {}),
  });
const live = (title: string, audience: 'all' | 'new') =>
  t.app.deps.db
    .insertInto('home_popup')
    .values({
      title,
      image: '/assets/avatars/0.svg',
      link: '/',
      audience,
      starts_at: new Date(Date.now() - 60_000),
      ends_at: new Date(Date.now() + 86_400_000),
    })
    .execute();

/** Issue 17 §6.8: 新人专享 is for users who have never bought; the server decides. */
describe('home/popup audience', () => {
  it('shows a 新人 popup to visitors and to users who have never paid for an order', async () => {
    await live('新人专享', 'new');
    const anonymous = await popup();
    expect(anonymous.body.data).toMatchObject({ title: '新人专享', audience: 'new' });

    const b = await makeBuyer(t.app);
    expect((await popup(b.token)).body.data?.title).toBe('新人专享');
    // An order placed but never paid does not make a returning buyer.
    await orderAt(t.app, b, admin, [{ skuId, quantity: 1 }], 'unpaid');
    expect((await popup(b.token)).body.data?.title).toBe('新人专享');
    // A stale or wrong token is a visitor.
    expect((await popup('not-a-token')).body.data?.title).toBe('新人专享');
  });

  it('answers nothing to a returning buyer, even once the order is deleted', async () => {
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId, quantity: 1 }], 'received');
    expect((await popup(b.token)).body.data).toBeNull();
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ deleted_at: new Date() })
      .where('order_no', '=', orderNo)
      .execute();
    expect((await popup(b.token)).body.data).toBeNull();
    // Visitors still see it.
    expect((await popup()).body.data?.title).toBe('新人专享');
  });

  it('shows a popup for everyone to returning buyers too', async () => {
    const b = await makeBuyer(t.app);
    await orderAt(t.app, b, admin, [{ skuId, quantity: 1 }], 'paid');
    await live('双11狂欢', 'all');
    expect((await popup(b.token)).body.data).toMatchObject({ title: '双11狂欢', audience: 'all' });
  });
});
