import type { CouponTemplateView, MyCouponPage, PageOf, ProductCard } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { aftersaleAppPerFile } from '../../../test/kits/aftersale-app-kit.ts';
import { get, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { claim, couponState, makeTemplate, preview } from '../../../test/kits/coupon-kit.ts';
import { makeBuyer, makeProduct, newOrder, topUp } from '../../../test/kits/order-kit.ts';

const kit = aftersaleAppPerFile();

describe('claiming coupons', () => {
  it('issues exactly what is left to 200 concurrent claims, never past the per-user limit', async () => {
    const { app, admin } = kit;
    const id = await makeTemplate(app, admin, { total: 50, perUser: 2 });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => makeBuyer(app)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(app, 'coupon/claim', buyers[i % 40]?.token, { templateId: id }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(50);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(['COUPON_SOLD_OUT', 'COUPON_LIMIT']).toContain(r.body.error);
      expect(r.status).toBe(409);
    }
    const perUser = await app.deps.db
      .selectFrom('user_coupon')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('template_id', '=', id)
      .groupBy('user_id')
      .execute();
    expect(perUser.reduce((s, r) => s + Number(r.n), 0)).toBe(50);
    expect(Math.max(...perUser.map((r) => Number(r.n)))).toBeLessThanOrEqual(2);
    const t = await app.deps.db
      .selectFrom('coupon_template')
      .select('issued')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(t.issued).toBe(50);
  });

  it('lists the claim centre by scope with each user’s claim state', async () => {
    const { app, admin, a, shop } = kit;
    const store = await makeTemplate(app, admin, { scope: 'store', storeId: shop.storeId });
    const anon = await get<PageOf<CouponTemplateView>>(app, 'coupon/center', undefined, {
      scope: 'store',
      pageSize: 50,
    });
    expect(anon.body.data.list.find((t) => t.id === store)?.state).toBe('claim');
    await claim(app, a, store);
    const mine = await get<PageOf<CouponTemplateView>>(app, 'coupon/center', a.token, {
      scope: 'store',
      pageSize: 50,
    });
    const row = mine.body.data.list.find((t) => t.id === store);
    expect(row).toMatchObject({ state: 'claimed', claimed: 1, title: '满50减10' });
    const again = await post(app, 'coupon/claim', a.token, { templateId: store });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'COUPON_LIMIT', msg: '每人限领1张，您已领过该券' });
    const product = await get<{ list: CouponTemplateView[] }>(app, 'coupon/product', a.token, {
      productId: shop.productId,
    });
    expect(product.body.data.list.map((t) => t.id)).toContain(store);
    const storeList = await get<{ list: CouponTemplateView[] }>(app, 'coupon/store', undefined, {
      storeId: shop.storeId,
    });
    expect(storeList.body.data.list.map((t) => t.id)).toContain(store);
  });

  it('refuses bad input, unknown ids and the wrong audience with catalogue errors', async () => {
    const { app, admin, a } = kit;
    const cases: [string, Record<string, unknown>, string][] = [
      ['coupon/claim', { templateId: 0 }, 'COUPON_NOT_FOUND'],
      ['coupon/claim', { templateId: 99_999_999 }, 'COUPON_NOT_FOUND'],
      ['coupon/claim', { templateId: 'x' }, 'COUPON_NOT_FOUND'],
    ];
    for (const [url, body, error] of cases) {
      const res = await post(app, url, a.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toBe(error);
    }
    expect((await post(app, 'coupon/claim', undefined, { templateId: 1 })).status).toBe(401);
    expect(
      (await get(app, 'coupon/product', undefined, { productId: 99_999_999 })).body.error,
    ).toBe('PRODUCT_NOT_FOUND');
    expect((await get(app, 'coupon/mine', a.token, { status: 'nope' })).status).toBe(400);
    // Templates: a 满减 whose amount exceeds its threshold, a store coupon without a store.
    for (const body of [
      { kind: 'full', threshold: 500, amount: 1000 },
      { scope: 'store' },
      { kind: 'discount', rate: 0 },
      { validDays: undefined, startAt: '2026-01-02T00:00:00Z', endAt: '2026-01-01T00:00:00Z' },
      { scope: 'product', scopeIds: [] },
    ]) {
      const res = await post(app, 'admin/coupon/template', admin, {
        name: '坏券',
        kind: 'full',
        scope: 'platform',
        threshold: 5000,
        amount: 1000,
        validDays: 7,
        total: 10,
        perUser: 1,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('COUPON_TEMPLATE_INVALID');
    }
    expect((await post(app, 'admin/coupon/template', a.token, {})).status).toBe(403);
    const issuedOnly = await makeTemplate(app, admin, { claimable: false });
    expect((await post(app, 'coupon/claim', a.token, { templateId: issuedOnly })).body.error).toBe(
      'COUPON_NOT_CLAIMABLE',
    );
    const member = await makeTemplate(app, admin, { audience: 'member' });
    expect((await post(app, 'coupon/claim', a.token, { templateId: member })).body.error).toBe(
      'COUPON_MEMBER_ONLY',
    );
    const issued = await post<{ issued: number }>(app, 'admin/coupon/issue', admin, {
      templateId: issuedOnly,
      userIds: [a.userId, a.userId, 99_999_999],
    });
    expect(issued.body.data.issued).toBe(1);
  });

  it('gives the new-user pack once, to users registered within the window, ordered or not', async () => {
    const { app, admin } = kit;
    const newcomer = await makeBuyer(app);
    // Ordering first does not take the pack away (the home card vanished after a first order).
    await orderAt(app, newcomer, admin, [{ skuId: kit.sku(), quantity: 1 }], 'paid');
    const t1 = await makeTemplate(app, admin, {
      kind: 'free',
      threshold: 0,
      amount: 300,
      audience: 'new',
      newUserPack: true,
    });
    const pack = await get<{ show: boolean; list: CouponTemplateView[]; totalAmount: number }>(
      app,
      'coupon/newUserPack',
      newcomer.token,
    );
    expect(pack.body.data.show).toBe(true);
    expect(pack.body.data.list.map((t) => t.id)).toContain(t1);
    const [first, second] = await Promise.all([
      post(app, 'coupon/newUserPack/claim', newcomer.token, {}),
      post(app, 'coupon/newUserPack/claim', newcomer.token, {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const after = await get<{ show: boolean }>(app, 'coupon/newUserPack', newcomer.token);
    expect(after.body.data.show).toBe(false);
    // Registered longer ago than COUPON_NEW_USER_DAYS (7): no longer new, pack or not.
    const veteran = await makeBuyer(app);
    await app.deps.db
      .updateTable('app_user')
      .set({ created_at: new Date(Date.now() - 7 * 86_400_000 - 60_000) })
      .where('id', '=', veteran.userId)
      .execute();
    const old = await post(app, 'coupon/claim', veteran.token, { templateId: t1 });
    expect(old.body.error).toBe('COUPON_NEW_USER_ONLY');
    expect(old.body.msg).toBe('新人专享券，仅限注册7天内的新用户领取');
    const veteranPack = await get<{ show: boolean; eligible: boolean }>(
      app,
      'coupon/newUserPack',
      veteran.token,
    );
    expect(veteranPack.body.data).toMatchObject({ show: false, eligible: false });
    expect((await post(app, 'coupon/newUserPack/claim', veteran.token, {})).body.error).toBe(
      'COUPON_NEW_USER_ONLY',
    );
  });
});

describe('what a coupon is for', () => {
  it('names its product, category or store with the page to open, in the centre and in mine', async () => {
    const { app, admin } = kit;
    const shop = await makeProduct(app);
    const product = await app.deps.db
      .selectFrom('product as p')
      .innerJoin('category as c', 'c.id', 'p.category_id')
      .innerJoin('store as s', 's.id', 'p.store_id')
      .select(['p.title', 'p.category_id', 'c.name as category', 's.name as store'])
      .where('p.id', '=', shop.productId)
      .executeTakeFirstOrThrow();
    const forProduct = await makeTemplate(app, admin, {
      kind: 'free',
      threshold: 0,
      amount: 300,
      scope: 'product',
      storeId: shop.storeId,
      scopeIds: [shop.productId],
    });
    const forCategory = await makeTemplate(app, admin, {
      scope: 'category',
      scopeIds: [product.category_id],
    });
    const forStore = await makeTemplate(app, admin, { scope: 'store', storeId: shop.storeId });
    const b = await makeBuyer(app);
    const center = await get<PageOf<CouponTemplateView>>(app, 'coupon/center', b.token, {
      pageSize: 50,
    });
    const byId = new Map(center.body.data.list.map((t) => [t.id, t.scopeTargets]));
    expect(byId.get(forProduct)).toEqual([
      {
        kind: 'product',
        id: shop.productId,
        name: product.title,
        link: `/pages/shopDetails/shopDetails?id=${shop.productId}`,
      },
    ]);
    expect(byId.get(forCategory)).toEqual([
      {
        kind: 'category',
        id: product.category_id,
        name: product.category,
        link: `/pages/homeClassify/homeClassify?id=${product.category_id}`,
      },
    ]);
    expect(byId.get(forStore)).toEqual([
      {
        kind: 'store',
        id: shop.storeId,
        name: product.store,
        link: `/pages/shopDetailsStore/shopDetailsStore?id=${shop.storeId}`,
      },
    ]);
    const claimed = await claim(app, b, forProduct);
    expect(claimed.scopeTargets.map((x) => x.name)).toEqual([product.title]);
    const mine = await get<MyCouponPage>(app, 'coupon/mine', b.token, { pageSize: 50 });
    expect(mine.body.data.list.find((c) => c.templateId === forProduct)?.scopeTargets).toEqual(
      byId.get(forProduct),
    );
  });
});

describe('coupons at checkout', () => {
  it('chooses the best store coupon and platform coupon, and lists the rest with reasons', async () => {
    const { app, admin } = kit;
    const buyer = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 6000, stock: 100 });
    const other = await makeProduct(app, { price: 3000, stock: 100 });
    const sku = shop.skuIds[0] as number;
    const small = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        scope: 'store',
        storeId: shop.storeId,
        threshold: 5000,
        amount: 500,
      }),
    );
    const big = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        scope: 'store',
        storeId: shop.storeId,
        threshold: 10000,
        amount: 1500,
      }),
    );
    const foreign = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        scope: 'store',
        storeId: other.storeId,
        threshold: 0,
        kind: 'free',
        amount: 200,
      }),
    );
    const platform = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        kind: 'discount',
        rate: 90,
        cap: 800,
        threshold: 0,
      }),
    );
    const tooHigh = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        threshold: 50000,
        amount: 5000,
      }),
    );
    const quiet = await preview(app, buyer, [{ skuId: sku, quantity: 2 }]);
    // Checkout itself gets the counts; the sheet asks for the list.
    expect(quiet.body.data.coupons).toEqual([]);
    expect(quiet.body.data.couponCounts).toEqual({ usable: 3, unusable: 2 });
    const res = await preview(app, buyer, [{ skuId: sku, quantity: 2 }], { listCoupons: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p.couponIds).toEqual(quiet.body.data.couponIds);
    // ¥120: the ¥15 store coupon, then 9折 of the ¥105 left (¥10.50) capped at ¥8.
    expect(p.couponIds.sort()).toEqual([big.id, platform.id].sort());
    expect(p.discountAmount).toBe(1500 + 800);
    expect(p.platformDiscount).toBe(800);
    expect(p.totalAmount).toBe(12000 - 2300);
    const why = Object.fromEntries(p.coupons.map((c) => [c.coupon.id, c]));
    expect(why[small.id]).toMatchObject({ usable: true, selected: false, saving: 500 });
    expect(why[foreign.id]).toMatchObject({ usable: false, reason: '不适用于当前店铺商品' });
    expect(why[tooHigh.id]).toMatchObject({ usable: false, reason: '未满¥500（还差¥380）' });
    // The user's own choice; two coupons of one store conflict.
    const chosen = await preview(app, buyer, [{ skuId: sku, quantity: 2 }], {
      couponIds: [small.id],
      useRedPacket: false,
    });
    expect(chosen.body.data.discountAmount).toBe(500);
    const conflict = await preview(app, buyer, [{ skuId: sku, quantity: 2 }], {
      couponIds: [small.id, big.id],
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('COUPON_CONFLICT');
    const unusable = await preview(app, buyer, [{ skuId: sku, quantity: 2 }], {
      couponIds: [tooHigh.id],
    });
    expect(unusable.body).toMatchObject({ error: 'COUPON_UNUSABLE' });
    expect(unusable.body.msg).toContain('未满¥500');
  });

  it('spreads the discount over lines to the fen and holds the coupons once under concurrent submits', async () => {
    const { app, admin } = kit;
    const buyer = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 3333, stock: 100, skus: 3 });
    const coupon = await claim(
      app,
      buyer,
      await makeTemplate(app, admin, {
        scope: 'store',
        storeId: shop.storeId,
        threshold: 5000,
        amount: 1000,
      }),
    );
    const items = shop.skuIds.map((skuId) => ({ skuId, quantity: 1 }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => newOrder(app, buyer, items, { couponIds: [coupon.id] })),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.error).toBe('COUPON_UNUSABLE');
    }
    expect(won[0]?.body.data.payAmount).toBe(9999 - 1000);
    const lines = await app.deps.db
      .selectFrom('order_item')
      .innerJoin('shop_order', 'shop_order.id', 'order_item.order_id')
      .select(['order_item.discount', 'shop_order.discount_amount'])
      .where('shop_order.order_no', '=', won[0]?.body.data.orderNos[0] ?? '')
      .orderBy('order_item.id')
      .execute();
    // 1000 over three equal lines: 333, 333 and the remainder 334 on the last.
    expect(lines.map((l) => l.discount)).toEqual([333, 333, 334]);
    expect(await couponState(app, buyer, coupon.id)).toBe('held');
  });

  it('uses the coupon when paid, keeps it on a partial refund, gives it back on cancel, expiry and early full refund', async () => {
    const { app, admin } = kit;
    const buyer = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 5000, stock: 100, skus: 2 });
    const [s1, s2] = shop.skuIds as [number, number];
    const tpl = await makeTemplate(app, admin, {
      scope: 'store',
      storeId: shop.storeId,
      threshold: 5000,
      amount: 1000,
      perUser: 5,
    });
    const pay = async (payNo: string, amount: number) => {
      await topUp(app, buyer.token, amount);
      const r = await post(app, 'order/newBalancePay', buyer.token, {
        orderNo: payNo,
        payPassword: '135790',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    // Cancelled unpaid: back to 未使用.
    const c1 = await claim(app, buyer, tpl);
    const o1 = await newOrder(app, buyer, [{ skuId: s1, quantity: 1 }], { couponIds: [c1.id] });
    expect(o1.status).toBe(200);
    expect(
      (await post(app, 'order/cancel', buyer.token, { orderNo: o1.body.data.payNo })).status,
    ).toBe(200);
    expect(await couponState(app, buyer, c1.id)).toBe('unused');

    // Expired unpaid: back once the sweeper cancels it.
    const o2 = await newOrder(app, buyer, [{ skuId: s1, quantity: 1 }], { couponIds: [c1.id] });
    expect(o2.status).toBe(200);
    await app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', o2.body.data.orderNos[0] ?? '')
      .execute();
    await app.orderModule.expiry.sweep();
    expect(await couponState(app, buyer, c1.id)).toBe('unused');

    // Paid then fully refunded before shipping: back.
    const o3 = await newOrder(app, buyer, [{ skuId: s1, quantity: 1 }], { couponIds: [c1.id] });
    await pay(o3.body.data.payNo, o3.body.data.payAmount);
    expect(await couponState(app, buyer, c1.id)).toBe('used');
    const orderNo3 = o3.body.data.orderNos[0] as string;
    const money = await get<{ maxAmount: number }>(app, 'order/queryRefundMoney', buyer.token, {
      orderNo: orderNo3,
      skuId: s1,
    });
    // ¥50 − ¥10 coupon + ¥8 shipping (the last line before shipping takes the shipping back).
    expect(money.body.data.maxAmount).toBe(4000 + 800);
    const r3 = await post<{ refundNo: string }>(app, 'order/refundApply', buyer.token, {
      orderNo: orderNo3,
      skuId: s1,
      amount: 4800,
      type: 'refund',
      reason: '不想要了',
    });
    expect(r3.status, JSON.stringify(r3.body)).toBe(200);
    expect(
      (await post(app, 'admin/refund/approve', admin, { refundNo: r3.body.data.refundNo })).status,
    ).toBe(200);
    expect(await couponState(app, buyer, c1.id)).toBe('unused');

    // Two lines, shipped, one line partly refunded: the coupon stays used; the refund is net.
    const c2 = await claim(app, buyer, tpl);
    const o5 = await newOrder(
      app,
      buyer,
      [
        { skuId: s1, quantity: 1 },
        { skuId: s2, quantity: 1 },
      ],
      {
        couponIds: [c2.id],
      },
    );
    await pay(o5.body.data.payNo, o5.body.data.payAmount);
    const orderNo5 = o5.body.data.orderNos[0] as string;
    expect(
      (
        await post(app, 'admin/order/ship', admin, {
          orderNo: orderNo5,
          carrier: '顺丰速运',
          trackingNo: 'SF1234567890',
        })
      ).status,
    ).toBe(200);
    const m5 = await get<{ maxAmount: number }>(app, 'order/queryRefundMoney', buyer.token, {
      orderNo: orderNo5,
      skuId: s1,
    });
    expect(m5.body.data.maxAmount).toBe(5000 - 500);
    const r5 = await post<{ refundNo: string }>(app, 'order/refundApply', buyer.token, {
      orderNo: orderNo5,
      skuId: s1,
      amount: 4500,
      type: 'refund',
      reason: '不想要了',
    });
    expect(r5.status, JSON.stringify(r5.body)).toBe(200);
    expect(
      (await post(app, 'admin/refund/approve', admin, { refundNo: r5.body.data.refundNo })).status,
    ).toBe(200);
    expect(await couponState(app, buyer, c2.id)).toBe('used');
  });

  it('never lets another user see, use or list my coupons', async () => {
    const { app, admin } = kit;
    const owner = await makeBuyer(app);
    const thief = await makeBuyer(app);
    const c = await claim(
      app,
      owner,
      await makeTemplate(app, admin, { threshold: 0, kind: 'free', amount: 100 }),
    );
    const used = await newOrder(app, thief, [{ skuId: kit.sku(), quantity: 1 }], {
      couponIds: [c.id],
    });
    expect(used.status).toBe(409);
    expect(used.body.error).toBe('COUPON_UNUSABLE');
    const pv = await preview(app, thief, [{ skuId: kit.sku(), quantity: 1 }], {
      couponIds: [c.id],
    });
    expect(pv.body.error).toBe('COUPON_UNUSABLE');
    const goods = await get(app, 'coupon/products', thief.token, { couponId: c.id });
    expect(goods.status).toBe(404);
    const theirs = await get<MyCouponPage>(app, 'coupon/mine', thief.token);
    expect(theirs.body.data.list.map((x) => x.id)).not.toContain(c.id);
    expect(await couponState(app, owner, c.id)).toBe('unused');
    const mine = await get<PageOf<ProductCard>>(app, 'coupon/products', owner.token, {
      couponId: c.id,
    });
    expect(mine.status).toBe(200);
  });
});
