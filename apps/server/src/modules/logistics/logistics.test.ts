import type { LogisticsData, OrderDetail } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { apply } from '../../../test/kits/aftersale-kit.ts';
import {
  backdateShipping,
  makeAdmin,
  post,
  shippedOrder,
} from '../../../test/kits/logistics-kit.ts';
import { type Buyer, makeBuyer, makeProduct, newOrder } from '../../../test/kits/order-kit.ts';
import { loadConfig } from '../../config/index.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let buyer: Buyer;
let other: Buyer;
const events: DomainEvent[] = [];

const record = (app: FastifyInstance) =>
  app.deps.events.observe(async (_trx, e) => {
    if (e.type === 'order.signed' || e.type === 'order.received') events.push(e);
  });
const eventsOf = (orderNo: string) => events.filter((e) => 'orderNo' in e && e.orderNo === orderNo);

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  record(t.app);
  admin = await makeAdmin(t.app);
  buyer = await makeBuyer(t.app);
  other = await makeBuyer(t.app);
});
afterAll(() => t?.close());

const express = (token: string | undefined, orderNo: string) =>
  call<LogisticsData>(t.app, {
    method: 'GET',
    url: `${API}/order/expressQuery?orderNo=${encodeURIComponent(orderNo)}`,
    ...(token ? { token } : {}),
  });
const detail = (token: string, orderNo: string) =>
  call<OrderDetail>(t.app, {
    method: 'GET',
    url: `${API}/order/queryByOrderId?orderNo=${encodeURIComponent(orderNo)}`,
    token,
  });

describe('order/expressQuery', () => {
  it('shows the shipping right away, then a realistic route, newest first, the same every time', async () => {
    const { orderNo, trackingNo } = await shippedOrder(t.app, admin, buyer);
    const fresh = await express(buyer.token, orderNo);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({
      orderNo,
      carrier: '顺丰速运',
      trackingNo,
      state: 'shipped',
      stateText: '已发货',
      signedAt: null,
      autoConfirmAt: null,
    });
    expect(fresh.body.data.steps).toHaveLength(1);
    expect(fresh.body.data.steps[0]?.text).toMatch(/^【.+】商家已发货，包裹等待顺丰速运揽收$/);
    expect(fresh.body.data.receiver).toContain('文三路100号');

    await backdateShipping(t.app, orderNo, 30);
    const moving = await express(buyer.token, orderNo);
    const steps = moving.body.data.steps;
    expect(moving.body.data.state).toBe('in_transit');
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const times = steps.map((s) => Date.parse(s.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(steps.at(-1)?.state).toBe('shipped');
    expect(steps.at(-2)?.text).toContain('已揽收');
    expect(steps.some((s) => /快件已到达【.+转运中心】/.test(s.text))).toBe(true);
    for (const s of steps) expect(s.location.length).toBeGreaterThan(0);
    expect((await express(buyer.token, orderNo)).body.data).toEqual(moving.body.data);

    await backdateShipping(t.app, orderNo, 100);
    const signed = await express(buyer.token, orderNo);
    const top = signed.body.data.steps;
    expect(signed.body.data.state).toBe('signed');
    expect(top[0]?.text).toMatch(/已签收，签收人：/);
    expect(top[1]?.state).toBe('delivering');
    expect(top[1]?.text).toMatch(/正在为您派送，联系电话：1\d{10}$/);
    expect(top[0]?.text).toContain('杭州市');
    const signedAt = Date.parse(signed.body.data.signedAt as string);
    const shippedAt = Date.now() - 100 * 3_600_000;
    // Signed two to three-and-a-bit days after shipping, in the daytime (China).
    expect(signedAt - shippedAt).toBeGreaterThan(46 * 3_600_000);
    expect(signedAt - shippedAt).toBeLessThan(80 * 3_600_000);
    const chinaHour = new Date(signedAt + 8 * 3_600_000).getUTCHours();
    expect(chinaHour).toBeGreaterThanOrEqual(9);
    expect(chinaHour).toBeLessThan(20);
    expect(Date.parse(signed.body.data.autoConfirmAt as string)).toBe(signedAt + 7 * DAY);
  });

  it('answers 404 for another user’s order, 409 before shipping, 400/401 for bad requests', async () => {
    const { orderNo } = await shippedOrder(t.app, admin, buyer);
    const theirs = await express(other.token, orderNo);
    expect([theirs.status, theirs.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const unknown = await express(buyer.token, '20990101000000');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const anon = await express(undefined, orderNo);
    expect(anon.status).toBe(401);
    const missing = await call(t.app, {
      method: 'GET',
      url: `${API}/order/expressQuery`,
      token: buyer.token,
    });
    expect([missing.status, missing.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const p = await makeProduct(t.app);
    const unpaid = await newOrder(t.app, buyer, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
    const early = await express(buyer.token, unpaid.body.data.orderNos[0] as string);
    expect([early.status, early.body.error, early.body.msg]).toEqual([
      409,
      'LOGISTICS_NOT_SHIPPED',
      '订单尚未发货，暂无物流信息',
    ]);
  });
});

describe('logistics sweeper', () => {
  it('emits order.signed once when the parcel is signed, confirms receipt N days later once', async () => {
    const { orderNo } = await shippedOrder(t.app, admin, buyer);
    const sweeper = t.app.logisticsModule.sweeper;
    await sweeper.sweep();
    expect(eventsOf(orderNo)).toEqual([]);
    await backdateShipping(t.app, orderNo, 100);
    await sweeper.sweep();
    await sweeper.sweep();
    expect(eventsOf(orderNo)).toEqual([{ type: 'order.signed', userId: buyer.userId, orderNo }]);
    expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unreceived');

    const signedAt = Date.parse((await express(buyer.token, orderNo)).body.data.signedAt as string);
    await sweeper.sweep(new Date(signedAt + 7 * DAY - 60_000));
    expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unreceived');
    await sweeper.sweep(new Date(signedAt + 7 * DAY + 60_000));
    await sweeper.sweep(new Date(signedAt + 8 * DAY));
    const after = (await detail(buyer.token, orderNo)).body.data;
    expect(after.status).toBe('unevaluated');
    expect(after.timeline.at(-1)).toMatchObject({
      status: 'unevaluated',
      text: '快件签收满7天，系统已自动确认收货',
    });
    expect(eventsOf(orderNo)).toEqual([
      { type: 'order.signed', userId: buyer.userId, orderNo },
      { type: 'order.received', userId: buyer.userId, orderNo, auto: true },
    ]);
    // Once received, the express query no longer counts down to an automatic receipt.
    expect((await express(buyer.token, orderNo)).body.data.autoConfirmAt).toBeNull();
  });

  it('does not confirm receipt while a refund is open; does once it is withdrawn', async () => {
    const { orderNo, skuIds } = await shippedOrder(t.app, admin, buyer);
    const sweeper = t.app.logisticsModule.sweeper;
    await backdateShipping(t.app, orderNo, 100);
    await sweeper.sweep();
    const applied = await apply(t.app, buyer, { orderNo, skuId: skuIds[0] as number, amount: 1 });
    expect(applied.status).toBe(200);
    await sweeper.sweep(new Date(Date.now() + 10 * DAY));
    expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unreceived');
    const refundNo = applied.body.data.refundNo;
    expect((await post(t.app, 'order/cancelReturnOrder', buyer.token, { refundNo })).status).toBe(
      200,
    );
    await sweeper.sweep(new Date(Date.now() + 10 * DAY));
    expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unevaluated');
  });

  it('leaves an order the buyer confirmed alone', async () => {
    const { orderNo } = await shippedOrder(t.app, admin, buyer);
    await backdateShipping(t.app, orderNo, 100);
    expect((await post(t.app, 'order/newConfirm', buyer.token, { orderNo })).body.code).toBe(1);
    await t.app.logisticsModule.sweeper.sweep(new Date(Date.now() + 10 * DAY));
    expect(eventsOf(orderNo).map((e) => e.type)).toEqual(['order.received', 'order.signed']);
    expect(eventsOf(orderNo)[0]).toMatchObject({ auto: false });
    expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unevaluated');
  });

  it('signs and confirms each order exactly once when sweeps run at the same time', async () => {
    const nodes = [t.app];
    if (TEST_DB === 'postgres') {
      const second = await t.secondNode();
      record(second);
      nodes.push(second);
    }
    const orderNos: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { orderNo } = await shippedOrder(t.app, admin, buyer);
      await backdateShipping(t.app, orderNo, 100);
      orderNos.push(orderNo);
    }
    const sweepAll = (now?: Date) =>
      Promise.all(
        [0, 1, 2, 3].map((i) =>
          (nodes[i % nodes.length] as FastifyInstance).logisticsModule.sweeper.sweep(now),
        ),
      );
    const signing = await sweepAll();
    expect(signing.reduce((s, r) => s + r.signed, 0)).toBe(6);
    const confirming = await sweepAll(new Date(Date.now() + 10 * DAY));
    expect(confirming.reduce((s, r) => s + r.confirmed, 0)).toBe(6);
    for (const orderNo of orderNos) {
      expect(eventsOf(orderNo).map((e) => e.type)).toEqual(['order.signed', 'order.received']);
      expect((await detail(buyer.token, orderNo)).body.data.status).toBe('unevaluated');
    }
  });
});

describe('AUTO_CONFIRM_DAYS', () => {
  it('defaults to 7 and must be 1-30 days', () => {
    expect(loadConfig({}).AUTO_CONFIRM_DAYS).toBe(7);
    expect(loadConfig({ AUTO_CONFIRM_DAYS: '3' }).AUTO_CONFIRM_DAYS).toBe(3);
    expect(() => loadConfig({ AUTO_CONFIRM_DAYS: '0' })).toThrow(/AUTO_CONFIRM_DAYS/);
    expect(() => loadConfig({ AUTO_CONFIRM_DAYS: 'x' })).toThrow(/AUTO_CONFIRM_DAYS/);
  });
});
