import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import { claim, makeTemplate, preview } from '../../../test/kits/coupon-kit.ts';
import { makeBuyer, makeProduct, newOrder } from '../../../test/kits/order-kit.ts';

/**
 * Checkout keeps a node's copy of each wallet while its version (bumped by the database with
 * every write of the user's coupons) is unchanged: whatever node writes, every node's next
 * preview sees the change.
 */
let t: TestApp;
let admin: string;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  other = TEST_DB === 'postgres' ? await t.secondNode() : t.app;
});
afterAll(async () => {
  await t?.close();
});

describe("checkout's copy of the wallet", () => {
  it('follows claims, holds and releases made on any node', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000 });
    const items = [{ skuId: shop.skuIds[0] as number, quantity: 1 }];
    const usable = async () => (await preview(t.app, b, items)).body.data.couponCounts.usable;

    expect(await usable()).toBe(0);
    const first = await makeTemplate(t.app, admin, { amount: 1_000 });
    await claim(other, b, first);
    expect(await usable()).toBe(1);
    const second = await makeTemplate(t.app, admin, { amount: 2_000 });
    const c2 = await claim(other, b, second);
    const chosen = (await preview(t.app, b, items)).body.data;
    expect(chosen.couponIds).toEqual([c2.id]);
    expect(chosen.discountAmount).toBe(2_000);

    // Held by an order placed on the other node: no longer offered here.
    const placed = await newOrder(other, b, items, { couponIds: [c2.id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const held = (await preview(t.app, b, items)).body.data;
    expect(held.couponIds).not.toContain(c2.id);
    expect(held.discountAmount).toBe(1_000);

    // Given back by the cancel: offered again at once.
    const orderNo = placed.body.data.orderNos[0] as string;
    expect((await post(other, 'order/cancel', b.token, { orderNo })).status).toBe(200);
    expect((await preview(t.app, b, items)).body.data.couponIds).toEqual([c2.id]);
  });

  it('never shows one user the wallet of another', async () => {
    const a = await makeBuyer(t.app);
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000 });
    const items = [{ skuId: shop.skuIds[0] as number, quantity: 1 }];
    await claim(t.app, a, await makeTemplate(t.app, admin));
    expect((await preview(t.app, a, items)).body.data.couponCounts.usable).toBe(1);
    expect((await preview(t.app, b, items)).body.data.couponCounts.usable).toBe(0);
  });
});
