import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../../test/kits/console-kit.ts';
import {
  auditOf,
  cget,
  cpost,
  paidOrder,
  seedPaidOrders,
} from '../../../../test/kits/order-console-kit.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../../test/kits/order-kit.ts';
import { EXPORT_PAGE } from './order-export.ts';

let t: TestApp;
let operator: ConsoleUser;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
let storeA: number;
let storeB: number;
let buyer: Buyer;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  [storeA, storeB] = [await makeStore(t.app), await makeStore(t.app)];
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
  buyer = await makeBuyer(t.app);
});
afterAll(async () => {
  await t.close();
});

type Row = { id: number; orderNo: string; storeId: number; payAmount: number; status: string };
type Page = { list: Row[]; total: number };

const exportCsv = async (token: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return t.app.inject({
    method: 'GET',
    url: `${API}/admin/order/export?${qs}`,
    headers: { token },
  });
};

const cpostAs = (token: string, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API}/${path}`, headers: { token }, payload });

/** Every row of the list, page after page, as the console would walk it. */
async function wholeList(token: string, query: Record<string, string | number>) {
  const rows: Row[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await cget<Page>(t.app, token, 'order/list', { ...query, pageNum, pageSize: 100 });
    rows.push(...res.body.data.list);
    if (rows.length >= res.body.data.total || res.body.data.list.length === 0) return rows;
  }
}

describe('订单列表 (admin/order/list)', () => {
  it('lists the caller store only, with filters, search and sorting', async () => {
    const a1 = await paidOrder(t.app, buyer, storeA, 3000);
    const a2 = await paidOrder(t.app, buyer, storeA, 1000);
    const b1 = await paidOrder(t.app, buyer, storeB, 2000);
    const mine = await cget<Page>(t.app, ownerA.token, 'order/list');
    expect(mine.status).toBe(200);
    const ids = mine.body.data.list.map((r) => r.id);
    expect(ids).toEqual([a2.id, a1.id]);
    expect(mine.body.data.list[0]).toMatchObject({
      orderNo: a2.orderNo,
      storeId: storeA,
      status: 'unshipped',
      statusText: '待发货',
      payMethod: 'balance',
      payMethodText: '余额支付',
      itemCount: 1,
      buyerPhone: `${buyer.phone.slice(0, 3)}****${buyer.phone.slice(7)}`,
      receiverName: '张三',
    });
    // Another store asked for by a 商家 is simply empty; the operator filters by any.
    const foreign = await cget<Page>(t.app, ownerA.token, 'order/list', { storeId: storeB });
    expect(foreign.body.data).toMatchObject({ list: [], total: 0 });
    const byOperator = await cget<Page>(t.app, operator.token, 'order/list', { storeId: storeB });
    expect(byOperator.body.data.list.map((r) => r.id)).toEqual([b1.id]);

    const filters: Array<[Record<string, string | number>, number[]]> = [
      [{ orderNo: a1.orderNo }, [a1.id]],
      [{ q: a1.orderNo }, [a1.id]],
      [{ buyerPhone: buyer.phone }, [a2.id, a1.id]],
      [{ q: buyer.phone }, [a2.id, a1.id]],
      [{ q: '测试商品' }, [a2.id, a1.id]],
      [{ status: 'unpaid' }, []],
      [{ payMethod: 'sandbox' }, []],
      [{ sort: 'payAmount', order: 'asc' }, [a2.id, a1.id]],
      [{ sort: 'payAmount', order: 'desc' }, [a1.id, a2.id]],
      [{ sort: 'paidAt', order: 'asc' }, [a1.id, a2.id]],
      [{ createdFrom: new Date(Date.now() + 60_000).toISOString() }, []],
      [{ paidTo: new Date(Date.now() + 60_000).toISOString() }, [a2.id, a1.id]],
      [{ liveRoomId: 1 }, []],
    ];
    for (const [query, want] of filters) {
      const res = await cget<Page>(t.app, ownerA.token, 'order/list', query);
      expect(
        res.body.data.list.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(want);
    }
  });

  it('refuses bad filters with catalogue ids', async () => {
    const bad: Array<[Record<string, string | number>, string]> = [
      [{ status: 'weird' }, 'INVALID_PARAM'],
      [{ sort: 'title' }, 'INVALID_PARAM'],
      [{ order: 'up' }, 'INVALID_PARAM'],
      [{ pageSize: 101 }, 'PAGE_INVALID'],
      [{ buyerPhone: '123' }, 'PHONE_INVALID'],
      [{ createdFrom: 'yesterday' }, 'ORDER_RANGE_INVALID'],
      [
        { createdFrom: '2026-02-01T00:00:00Z', createdTo: '2026-01-01T00:00:00Z' },
        'ORDER_RANGE_INVALID',
      ],
      [{ q: 'x'.repeat(41) }, 'INVALID_PARAM'],
    ];
    for (const [query, error] of bad) {
      const res = await cget(t.app, ownerA.token, 'order/list', query);
      expect([res.status, res.body.error], JSON.stringify(query)).toEqual([400, error]);
    }
    const store = await cget(t.app, ownerA.token, 'order/list', { storeId: 0 });
    expect([store.status, store.body.error]).toEqual([404, 'STORE_NOT_FOUND']);
  });
});

describe('订单详情 (admin/order/detail)', () => {
  it('shows lines, discounts, payments, postings, logistics, after-sales, messages and timeline', async () => {
    const o = await paidOrder(t.app, buyer, storeA, 4200);
    await cpost(t.app, ownerA.token, 'order/ship', {
      orderNo: o.orderNo,
      carrier: '中通',
      trackingNo: 'ZT5000000001',
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: `${API}/order/refundApply`,
      headers: { token: buyer.token },
      payload: {
        orderNo: o.orderNo,
        skuId: o.skuId,
        type: 'refund',
        reason: '商品质量问题',
        description: '外盒破损',
        images: ['/uploads/img/broken.png'],
        amount: 100,
      },
    });
    expect(applied.statusCode).toBe(200);
    const res = await cget<Record<string, unknown>>(t.app, ownerA.token, 'order/detail', {
      id: o.id,
    });
    expect(res.status).toBe(200);
    const d = res.body.data as Record<string, unknown> & {
      lines: unknown[];
      payments: unknown[];
      postings: { kind: string; entries: { account: string; amount: number }[] }[];
      refunds: unknown[];
      messages: { kind: string }[];
      timeline: { status: string }[];
      logistics: { carrier: string } | null;
    };
    expect(d).toMatchObject({
      orderNo: o.orderNo,
      status: 'unreceived',
      carrier: '中通快递',
      trackingNo: 'ZT5000000001',
      canShip: false,
      canChangeAddress: false,
      address: { name: '张三' },
      discounts: { coupon: 0, redPacket: 0, pointsUsed: 0 },
    });
    expect(d.lines).toEqual([
      expect.objectContaining({ skuId: o.skuId, price: 4200, quantity: 1, amount: 4200 }),
    ]);
    expect(d.payments).toEqual([
      expect.objectContaining({ channel: 'balance', amount: o.payAmount, status: 'succeeded' }),
    ]);
    const pay = d.postings.find((p) => p.kind === 'order_pay');
    expect(pay?.entries).toEqual(
      expect.arrayContaining([
        { account: `store:${storeA}`, accountKind: 'merchant', amount: o.payAmount },
      ]),
    );
    expect(pay?.entries.reduce((n, e) => n + e.amount, 0)).toBe(0);
    expect(d.logistics?.carrier).toBe('中通快递');
    expect(d.refunds).toEqual([
      expect.objectContaining({
        reason: '商品质量问题',
        description: '外盒破损',
        images: ['/uploads/img/broken.png'],
        status: 'pending',
        canApprove: true,
      }),
    ]);
    expect(d.messages.map((m) => m.kind)).toContain('order.shipped');
    expect(d.timeline.map((e) => e.status)).toEqual([
      'unpaid',
      'unshipped',
      'unreceived',
      'aftersale',
    ]);

    const foreign = await cget(t.app, ownerB.token, 'order/detail', { id: o.id });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    for (const id of ['0', 'x', '99999999']) {
      const bad = await cget(t.app, ownerA.token, 'order/detail', { id });
      expect([bad.status, bad.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
  });

  it('hides other stores’ accounts of a payment that covered two stores', async () => {
    const [pa, pb] = [
      await makeProduct(t.app, { storeId: storeA, price: 1500 }),
      await makeProduct(t.app, { storeId: storeB, price: 1700 }),
    ];
    const placed = await newOrder(t.app, buyer, [
      { skuId: pa.skuIds[0] as number, quantity: 1 },
      { skuId: pb.skuIds[0] as number, quantity: 1 },
    ]);
    await topUp(t.app, buyer.token, placed.body.data.payAmount);
    await cpostAs(buyer.token, 'order/newBalancePay', {
      orderNo: placed.body.data.payNo,
      payPassword: '135790',
    });
    const mine = await cget<Page>(t.app, ownerA.token, 'order/list', {
      q: '测试商品',
      pageSize: 1,
    });
    const id = mine.body.data.list[0]?.id ?? 0;
    const accounts = async (token: string) => {
      const res = await cget<{ postings: { kind: string; entries: { account: string }[] }[] }>(
        t.app,
        token,
        'order/detail',
        { id },
      );
      const pay = res.body.data.postings.find((p) => p.kind === 'order_pay');
      return (pay?.entries ?? []).map((e) => e.account).filter((a) => a.startsWith('store:'));
    };
    expect(await accounts(ownerA.token)).toEqual([`store:${storeA}`]);
    expect((await accounts(operator.token)).sort()).toEqual(
      [`store:${storeA}`, `store:${storeB}`].sort(),
    );
  });
});

describe('修改地址与备注 (admin/order/address, admin/order/remark)', () => {
  const address = {
    name: '王五',
    phone: '13700001111',
    provinceCode: '110000',
    cityCode: '110100',
    districtCode: '110101',
    detail: '东华门街道1号',
  };

  it('changes the receiver before shipping only, audited; another store cannot', async () => {
    const o = await paidOrder(t.app, buyer, storeA);
    const foreign = await cpost(t.app, ownerB.token, 'order/address', { id: o.id, ...address });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...address, provinceCode: '999999' }, 'REGION_INVALID'],
      [{ ...address, cityCode: '310100' }, 'REGION_INVALID'],
      [{ ...address, phone: '123' }, 'PHONE_INVALID'],
      [{ ...address, name: '' }, 'CONSIGNEE_INVALID'],
      [{ ...address, detail: '1' }, 'ADDRESS_DETAIL_INVALID'],
    ];
    for (const [body, error] of bad) {
      const res = await cpost(t.app, ownerA.token, 'order/address', { id: o.id, ...body });
      expect([res.status, res.body.error], error).toEqual([400, error]);
    }
    const ok = await cpost(t.app, ownerA.token, 'order/address', { id: o.id, ...address });
    expect(ok.body.code).toBe(1);
    const detail = await cget<{ address: Record<string, string> }>(
      t.app,
      ownerA.token,
      'order/detail',
      { id: o.id },
    );
    expect(detail.body.data.address).toMatchObject({
      name: '王五',
      phone: '13700001111',
      province: '北京市',
      fullAddress: '北京市东城区东华门街道1号',
    });
    const audit = await auditOf(t.app, 'order', o.orderNo);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'address',
        actor_id: ownerA.userId,
        store_id: storeA,
        after: { name: '王五', phone: '13700001111', address: '北京市东城区东华门街道1号' },
      }),
    ]);
    await cpost(t.app, ownerA.token, 'order/ship', {
      orderNo: o.orderNo,
      carrier: 'SF',
      trackingNo: 'SF6000000001',
    });
    const late = await cpost(t.app, ownerA.token, 'order/address', { id: o.id, ...address });
    expect([late.status, late.body.error]).toEqual([409, 'ORDER_ADDRESS_LOCKED']);
  });

  it('keeps the merchant remark, audited; another store cannot', async () => {
    const o = await paidOrder(t.app, buyer, storeA);
    const foreign = await cpost(t.app, ownerB.token, 'order/remark', { id: o.id, remark: 'x' });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const long = await cpost(t.app, ownerA.token, 'order/remark', {
      id: o.id,
      remark: '长'.repeat(201),
    });
    expect([long.status, long.body.error]).toEqual([400, 'ORDER_REMARK_INVALID']);
    expect(
      (await cpost(t.app, ownerA.token, 'order/remark', { id: o.id, remark: ' 加急 ' })).body.code,
    ).toBe(1);
    // The same text again changes (and logs) nothing.
    await cpost(t.app, ownerA.token, 'order/remark', { id: o.id, remark: '加急' });
    const list = await cget<Page & { list: { merchantRemark: string }[] }>(
      t.app,
      ownerA.token,
      'order/list',
      { orderNo: o.orderNo },
    );
    expect(list.body.data.list[0]?.merchantRemark).toBe('加急');
    expect(await auditOf(t.app, 'order', o.orderNo)).toEqual([
      expect.objectContaining({
        action: 'remark',
        before: { remark: '' },
        after: { remark: '加急' },
      }),
    ]);
  });
});

describe('导出 (admin/order/export)', () => {
  it('exports the filtered list: the same orders in the same order, across keyset pages', async () => {
    const store = await makeStore(t.app);
    const owner = await makeStoreMember(t.app, operator.token, store);
    const n = EXPORT_PAGE * 2 + 37;
    const seeded = await seedPaidOrders(t.app, { storeId: store, userId: buyer.userId, count: n });
    const first = seeded[0]?.id ?? 0;
    await cpost(t.app, owner.token, 'order/remark', { id: first, remark: '=HYPERLINK("x")' });
    for (const query of [
      {},
      { sort: 'payAmount', order: 'asc' },
      { sort: 'paidAt', order: 'desc' },
      { q: '导入测试商品', sort: 'createdAt', order: 'asc' },
    ] as Record<string, string>[]) {
      const res = await exportCsv(owner.token, query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.body.startsWith('\uFEFF订单号,店铺,买家')).toBe(true);
      const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
      expect(header?.[11]).toBe('实付(元)');
      const listed = await wholeList(owner.token, query);
      expect(listed).toHaveLength(n);
      expect(
        rows.map((r) => r[0]),
        JSON.stringify(query),
      ).toEqual(listed.map((r) => r.orderNo));
      const byNo = new Map(listed.map((r) => [r.orderNo, r]));
      for (const r of rows.slice(0, 5)) {
        const fen = byNo.get(r[0] ?? '')?.payAmount ?? -1;
        expect(r[11]).toBe(`${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`);
      }
      const remarked = rows.find((r) => r[0] === seeded[0]?.orderNo);
      expect(remarked?.[19]).toBe('\'=HYPERLINK("x")');
    }
    // Another store's 商家 exports none of them; the operator all of this store's.
    const foreign = await exportCsv(ownerB.token, { storeId: store });
    expect(parse(foreign.body, { bom: true })).toHaveLength(1);
    const mine = await exportCsv(ownerB.token);
    const theirRows = (parse(mine.body, { bom: true }) as string[][]).slice(1);
    expect(theirRows.some((r) => seeded.some((s) => s.orderNo === r[0]))).toBe(false);
    const all = await exportCsv(operator.token, { storeId: store });
    expect(parse(all.body, { bom: true })).toHaveLength(n + 1);
    expect(await auditOf(t.app, 'order', 'export')).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'export', store_id: store })]),
    );
  });

  it('answers bad filters and missing permissions with catalogue ids before any CSV', async () => {
    const bad = await exportCsv(ownerA.token, { createdFrom: 'x' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'ORDER_RANGE_INVALID']);
    const clerk = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', ['order.read']);
    const denied = await exportCsv(clerk.token);
    expect([denied.statusCode, denied.json().error]).toEqual([403, 'FORBIDDEN']);
    // The clerk still reads the list.
    expect((await cget(t.app, clerk.token, 'order/list')).status).toBe(200);
  });
});

describe('IDOR: store B’s 商家 against store A’s orders', () => {
  it('reads nothing and changes nothing of store A through any order route', async () => {
    const o = await paidOrder(t.app, buyer, storeA);
    const before = await t.app.deps.db
      .selectFrom('shop_order')
      .selectAll()
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const reads: Array<[string, Record<string, string | number>]> = [
      ['order/detail', { id: o.id }],
    ];
    for (const [path, query] of reads) {
      const res = await cget(t.app, ownerB.token, path, query);
      expect([res.status, res.body.error], path).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    const lists: Record<string, string | number>[] = [
      { orderNo: o.orderNo },
      { q: o.orderNo },
      { storeId: storeA },
    ];
    for (const query of lists) {
      const res = await cget<Page>(t.app, ownerB.token, 'order/list', query);
      expect(res.body.data.total).toBe(0);
    }
    const writes: Array<[string, Record<string, unknown>]> = [
      ['order/ship', { orderNo: o.orderNo, carrier: 'SF', trackingNo: 'SF7000000001' }],
      [
        'order/address',
        {
          id: o.id,
          name: '王五',
          phone: '13700001111',
          provinceCode: '110000',
          cityCode: '110100',
          districtCode: '110101',
          detail: '东华门街道1号',
        },
      ],
      ['order/remark', { id: o.id, remark: '偷看' }],
    ];
    for (const [path, body] of writes) {
      const res = await cpost(t.app, ownerB.token, path, body);
      expect([res.status, res.body.error], path).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    const imported = await cpost<{ failed: { error: string }[] }>(
      t.app,
      ownerB.token,
      'order/shipImport',
      { csv: `${o.orderNo},SF,SF7000000002` },
    );
    expect(imported.body.data.failed.map((f) => f.error)).toEqual(['ORDER_NOT_FOUND']);
    const after = await t.app.deps.db
      .selectFrom('shop_order')
      .selectAll()
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await auditOf(t.app, 'order', o.orderNo)).toEqual([]);
  });
});
