import type {
  EvaluationView,
  OrderDetail,
  PageOf,
  ProductDetail,
  ReleaseEvaluateData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin, post, shippedOrder } from '../../../test/kits/logistics-kit.ts';
import { type Buyer, makeBuyer } from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let buyer: Buyer;
let other: Buyer;

beforeAll(async () => {
  // The product detail cache stays on (its default), so a stale count would show.
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  buyer = await makeBuyer(t.app);
  other = await makeBuyer(t.app);
});
afterAll(() => t?.close());

const detail = (orderNo: string, token = buyer.token) =>
  call<OrderDetail>(t.app, {
    method: 'GET',
    url: `${API}/order/queryByOrderId?orderNo=${encodeURIComponent(orderNo)}`,
    token,
  });
const product = (id: number, app: FastifyInstance = t.app) =>
  call<ProductDetail>(app, { method: 'GET', url: `${API}/goods/detail?id=${id}` });
const evaluate = (payload: Record<string, unknown>, token = buyer.token) =>
  post<ReleaseEvaluateData>(t.app, 'order/ReleaseEvaluate', token, payload);
const evaluationRows = async () =>
  Number(
    (
      await t.app.deps.db
        .selectFrom('evaluation')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A shipped order the buyer has confirmed; answers its number, line ids and product ids. */
async function receivedOrder(lines = 1) {
  const { orderNo, productIds } = await shippedOrder(t.app, admin, buyer, { lines });
  expect((await post(t.app, 'order/newConfirm', buyer.token, { orderNo })).body.code).toBe(1);
  const items = (await detail(orderNo)).body.data.items;
  return { orderNo, productIds, itemIds: items.map((i) => i.itemId as number) };
}

describe('order/ReleaseEvaluate', () => {
  it('evaluates each line once, shows it on the product at once, and finishes the order', async () => {
    const nodes = [t.app];
    if (TEST_DB === 'postgres') nodes.push(await t.secondNode());
    const { orderNo, productIds, itemIds } = await receivedOrder(2);
    const [item1, item2] = itemIds as [number, number];
    const [product1, product2] = productIds as [number, number];
    const before = (await detail(orderNo)).body.data;
    expect(before.items.map((i) => i.evaluated)).toEqual([false, false]);
    // Cached on every node before the evaluation lands.
    for (const node of nodes) {
      expect((await product(product1, node)).body.data.evaluation).toEqual({
        count: 0,
        goodRate: 100,
      });
    }

    const first = await call<ReleaseEvaluateData>(t.app, {
      method: 'POST',
      url: `${API}/order/ReleaseEvaluate`,
      token: buyer.token,
      ...form({
        orderNo,
        itemId: item1,
        stars: 5,
        content: '  质量很好，物流也快  ',
        images: JSON.stringify(['/uploads/2026/a.png', '/uploads/2026/b.webp']),
        anonymous: 'true',
      }),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.orderStatus).toBe('unevaluated');
    for (const node of nodes) {
      expect((await product(product1, node)).body.data.evaluation).toEqual({
        count: 1,
        goodRate: 100,
      });
    }
    const page = await call<PageOf<EvaluationView>>(t.app, {
      method: 'GET',
      url: `${API}/goods/evaluations?productId=${product1}`,
    });
    expect(page.body.data.list).toEqual([
      expect.objectContaining({
        id: first.body.data.evaluationId,
        nickname: '匿名用户',
        stars: 5,
        content: '质量很好，物流也快',
        images: ['/uploads/2026/a.png', '/uploads/2026/b.webp'],
      }),
    ]);
    const half = (await detail(orderNo)).body.data;
    expect([half.status, half.items.map((i) => i.evaluated)]).toEqual([
      'unevaluated',
      [true, false],
    ]);

    const second = await evaluate({ orderNo, itemId: item2, stars: 2, content: '一'.repeat(500) });
    expect(second.status).toBe(200);
    expect(second.body.data.orderStatus).toBe('finished');
    expect((await product(product2)).body.data.evaluation).toEqual({ count: 1, goodRate: 0 });
    const named = await call<PageOf<EvaluationView>>(t.app, {
      method: 'GET',
      url: `${API}/goods/evaluations?productId=${product2}`,
    });
    expect(named.body.data.list[0]?.nickname).not.toBe('匿名用户');
    const done = (await detail(orderNo)).body.data;
    expect(done.status).toBe('finished');
    expect(done.items.map((i) => i.evaluated)).toEqual([true, true]);
    expect(done.timeline.at(-1)).toMatchObject({ status: 'finished', text: '评价完成，交易成功' });
  });

  it('refuses bad input with a catalogue error and writes nothing', async () => {
    const { orderNo, itemIds } = await receivedOrder(1);
    const itemId = itemIds[0] as number;
    const shipped = await shippedOrder(t.app, admin, buyer);
    const shippedItem = (await detail(shipped.orderNo)).body.data.items[0]?.itemId as number;
    const rows = await evaluationRows();
    const good = { orderNo, itemId, stars: 4, content: '不错' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, stars: 0 }, 400, 'EVALUATION_STARS_INVALID'],
      [{ ...good, stars: 6 }, 400, 'EVALUATION_STARS_INVALID'],
      [{ ...good, stars: 3.5 }, 400, 'EVALUATION_STARS_INVALID'],
      [{ ...good, stars: undefined }, 400, 'EVALUATION_STARS_INVALID'],
      [{ ...good, content: '好'.repeat(501) }, 400, 'EVALUATION_CONTENT_TOO_LONG'],
      [
        { ...good, images: Array.from({ length: 10 }, (_, i) => `/uploads/x${i}.png`) },
        400,
        'EVALUATION_IMAGES_TOO_MANY',
      ],
      [{ ...good, images: ['https://evil.example/x.png'] }, 400, 'EVALUATION_IMAGE_INVALID'],
      [{ ...good, images: ['/uploads/../secret'] }, 400, 'EVALUATION_IMAGE_INVALID'],
      [{ ...good, images: '[not json' }, 400, 'EVALUATION_IMAGE_INVALID'],
      [{ ...good, images: [1, 2] }, 400, 'EVALUATION_IMAGE_INVALID'],
      [{ ...good, itemId: shippedItem }, 404, 'EVALUATION_ITEM_NOT_FOUND'],
      [{ ...good, itemId: 0 }, 404, 'EVALUATION_ITEM_NOT_FOUND'],
      [{ ...good, orderNo: 'nope' }, 404, 'ORDER_NOT_FOUND'],
      [{ ...good, orderNo: undefined }, 404, 'ORDER_NOT_FOUND'],
      [{ ...good, orderNo: shipped.orderNo, itemId: shippedItem }, 409, 'EVALUATION_NOT_ALLOWED'],
    ];
    for (const [payload, status, error] of cases) {
      const res = await evaluate(payload);
      expect([JSON.stringify(payload).slice(0, 80), res.status, res.body.error]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        status,
        error,
      ]);
    }
    const theirs = await evaluate(good, other.token);
    expect([theirs.status, theirs.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const anon = await call(t.app, {
      method: 'POST',
      url: `${API}/order/ReleaseEvaluate`,
      payload: good,
    });
    expect(anon.status).toBe(401);
    expect(await evaluationRows()).toBe(rows);
    expect((await detail(orderNo)).body.data.items[0]?.evaluated).toBe(false);

    expect((await evaluate({ ...good, images: ['/uploads/ok.png'] })).status).toBe(200);
    const twice = await evaluate(good);
    expect([twice.status, twice.body.error, twice.body.msg]).toEqual([
      409,
      'EVALUATION_EXISTS',
      '该商品已经评价过了',
    ]);
    expect(await evaluationRows()).toBe(rows + 1);
  });

  it('writes one evaluation when the same line is submitted twice at once', async () => {
    const { orderNo, itemIds } = await receivedOrder(1);
    const rows = await evaluationRows();
    const body = { orderNo, itemId: itemIds[0], stars: 5 };
    const results = await Promise.all([evaluate(body), evaluate(body), evaluate(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await evaluationRows()).toBe(rows + 1);
    expect((await detail(orderNo)).body.data.status).toBe('finished');
  });

  it('keeps evaluations tied to real order lines (foreign key)', async () => {
    const row = await t.app.deps.db.selectFrom('evaluation').selectAll().executeTakeFirstOrThrow();
    await expect(
      t.app.deps.db
        .insertInto('evaluation')
        .values({
          product_id: row.product_id,
          user_id: row.user_id,
          order_item_id: 2_000_000_000,
          stars: 5,
        })
        .execute(),
    ).rejects.toThrow(/evaluation_order_item_fk/);
  });
});
