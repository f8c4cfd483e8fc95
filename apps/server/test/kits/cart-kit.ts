import type { CartView } from '@chaopin/contracts';
import { expect } from 'vitest';
import { CartRepo } from '../../src/modules/cart/cart.repo.ts';
import { CartService } from '../../src/modules/cart/cart.service.ts';
import { SkuLookupRepo } from '../../src/modules/catalogue/reads/sku-lookup.repo.ts';
import { SkuLookupService } from '../../src/modules/catalogue/reads/sku-lookup.service.ts';
import { narrowDb } from '../../src/platform/db.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { API, call, createTestApp, form, login, type TestApp } from '../helpers.ts';

export interface PickedSku {
  skuId: number;
  productId: number;
  storeId: number;
  price: number;
}

/**
 * A seeded app for cart tests, with request helpers and four SKUs of four on-shelf products
 * (two in one store, two in another), each with stock 50.
 */
export async function cartFixture() {
  const t: TestApp = await createTestApp();
  await seedDemo(t.app.deps);
  const db = () => t.app.deps.db;
  const post = <T>(url: string, body: Record<string, string | number>, token: string) =>
    call<T>(t.app, { method: 'POST', url: `${API}/cart/${url}`, token, ...form(body) });
  const postJson = <T>(url: string, payload: object, token: string) =>
    call<T>(t.app, { method: 'POST', url: `${API}/cart/${url}`, token, payload });
  const get = <T>(url: string, token: string) =>
    call<T>(t.app, { method: 'GET', url: `${API}/cart/${url}`, token });
  const view = async (token: string) => (await get<CartView>('list', token)).body.data;
  const lines = () => db().selectFrom('cart_item').selectAll().orderBy('id').execute();
  const setStock = (skuId: number, stock: number) =>
    db().updateTable('sku').set({ stock }).where('id', '=', skuId).execute();
  const setStatus = (productId: number, status: number) =>
    db().updateTable('product').set({ status }).where('id', '=', productId).execute();
  const service = () =>
    new CartService(
      new CartRepo(narrowDb(db())),
      new SkuLookupService(new SkuLookupRepo(narrowDb(db()))),
    );
  const newUser = async () => {
    const { token } = await login(t.app);
    const me = await call<{ id: number }>(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token,
    });
    return { token, id: me.body.data.id };
  };

  const rows = await db()
    .selectFrom('sku')
    .innerJoin('product as p', 'p.id', 'sku.product_id')
    .select(['sku.id as skuId', 'p.id as productId', 'p.store_id as storeId', 'sku.price'])
    .where('p.status', '=', 1)
    .orderBy('sku.id')
    .execute();
  const stores = [...new Set(rows.map((r) => r.storeId))].slice(0, 2);
  const picked: PickedSku[] = stores.flatMap((storeId) => {
    const seen = new Set<number>();
    return rows
      .filter((r) => r.storeId === storeId && !seen.has(r.productId) && seen.add(r.productId))
      .slice(0, 2);
  });
  expect(picked).toHaveLength(4);
  for (const x of picked) await setStock(x.skuId, 50);
  const sku = (i: number) => picked[i] as PickedSku;

  return { t, db, post, postJson, get, view, lines, setStock, setStatus, service, newUser, sku };
}

export type CartFixture = Awaited<ReturnType<typeof cartFixture>>;
