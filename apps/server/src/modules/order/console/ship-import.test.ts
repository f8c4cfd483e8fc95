import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import {
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../../test/kits/console-kit.ts';
import {
  auditOf,
  cpost,
  importCsv,
  seedPaidOrders,
  shipCsv,
} from '../../../../test/kits/order-console-kit.ts';
import { makeShopper } from '../../../../test/kits/order-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
let storeA: number;
let storeB: number;
let buyerId: number;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  [storeA, storeB] = [await makeStore(t.app), await makeStore(t.app)];
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
  buyerId = (await makeShopper(t.app)).userId;
});
afterAll(async () => {
  await t.close();
});

const orderOf = (orderNo: string) =>
  t.app.deps.db
    .selectFrom('shop_order')
    .select(['id', 'status', 'carrier', 'tracking_no'])
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();

const eventCount = async (orderId: number) =>
  (
    await t.app.deps.db
      .selectFrom('order_event')
      .select('id')
      .where('order_id', '=', orderId)
      .execute()
  ).length;

const CARRIER_TEXTS = ['顺丰', 'ZTO', '圆通速递', 'yd', 'JD', 'sf'];
const SHOWN: Record<string, string> = {
  顺丰: '顺丰速运',
  ZTO: '中通快递',
  圆通速递: '圆通速递',
  yd: '韵达快递',
  JD: '京东物流',
  sf: '顺丰速运',
};

describe('批量发货 (admin/order/shipImport)', () => {
  it('ships 48 of 50 rows; the 2 bad ones are reported with their lines and nothing of them applied', async () => {
    const mine = await seedPaidOrders(t.app, { storeId: storeA, userId: buyerId, count: 48 });
    const [theirs] = await seedPaidOrders(t.app, { storeId: storeB, userId: buyerId, count: 1 });
    const rows = mine.map((o, i) => [
      o.orderNo,
      CARRIER_TEXTS[i % CARRIER_TEXTS.length] as string,
      `TN${String(i).padStart(8, '0')}`,
    ]);
    // Data row 11 (line 12: the header is line 1) names no order; row 31 is store B's.
    rows.splice(10, 0, ['NOPE20990101', '顺丰', 'SF0000000001']);
    rows.splice(30, 0, [theirs?.orderNo ?? '', '中通', 'ZT0000000001']);
    expect(rows).toHaveLength(50);
    const csv = shipCsv(rows);

    const res = await importCsv(t.app, ownerA.token, csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shipped: 48, unchanged: 0 });
    expect(res.body.data.failed).toEqual([
      { line: 12, orderNo: 'NOPE20990101', error: 'ORDER_NOT_FOUND', msg: '订单不存在' },
      { line: 32, orderNo: theirs?.orderNo, error: 'ORDER_NOT_FOUND', msg: '订单不存在' },
    ]);

    // Store B's order is untouched, with no event and no audit row.
    const b = await orderOf(theirs?.orderNo ?? '');
    expect(b).toMatchObject({ status: 'unshipped', carrier: null, tracking_no: null });
    expect(await eventCount(b.id)).toBe(0);
    expect(await auditOf(t.app, 'order', theirs?.orderNo ?? '')).toEqual([]);

    // Every good row shipped with the carrier's own name; each shipment audited once.
    for (const [i, o] of mine.entries()) {
      const row = await orderOf(o.orderNo);
      expect(row).toMatchObject({
        status: 'unreceived',
        carrier: SHOWN[CARRIER_TEXTS[i % CARRIER_TEXTS.length] as string],
        tracking_no: `TN${String(i).padStart(8, '0')}`,
      });
    }
    const audit = await auditOf(t.app, 'order', mine[0]?.orderNo ?? '');
    expect(audit).toEqual([
      {
        actor_id: ownerA.userId,
        action: 'ship',
        store_id: storeA,
        before: { status: 'unshipped', carrier: null, trackingNo: null },
        after: { status: 'unreceived', carrier: '顺丰速运', trackingNo: 'TN00000000' },
      },
    ]);
    const events = await eventCount(mine[0]?.id ?? 0);

    // The same file again changes nothing: 48 unchanged, the same 2 refused.
    const again = await importCsv(t.app, ownerA.token, csv);
    expect(again.body.data).toMatchObject({ shipped: 0, unchanged: 48 });
    expect(again.body.data.failed.map((f) => f.line)).toEqual([12, 32]);
    expect(await eventCount(mine[0]?.id ?? 0)).toBe(events);
    expect(await auditOf(t.app, 'order', mine[0]?.orderNo ?? '')).toHaveLength(1);

    // Another number for a shipped order is refused, not applied.
    const other = await importCsv(
      t.app,
      ownerA.token,
      shipCsv([[mine[1]?.orderNo ?? '', 'ZTO', 'ZT9999999999']], false),
    );
    expect(other.body.data.failed).toEqual([
      expect.objectContaining({ line: 1, error: 'ORDER_ALREADY_SHIPPED' }),
    ]);
    expect((await orderOf(mine[1]?.orderNo ?? '')).tracking_no).toBe('TN00000001');

    // Store B's 商家 imports the same file: every row is someone else's (or nobody's) but theirs.
    const asB = await importCsv(t.app, ownerB.token, csv);
    expect(asB.body.data.shipped).toBe(1);
    expect(asB.body.data.failed).toHaveLength(49);
    expect(asB.body.data.failed.every((f) => f.error === 'ORDER_NOT_FOUND')).toBe(true);
  });

  it('reports each kind of bad row with its line, and applies nothing of it', async () => {
    const [good, bad1, bad2, bad3] = await seedPaidOrders(t.app, {
      storeId: storeA,
      userId: buyerId,
      count: 4,
    });
    const [unpaid] = await seedPaidOrders(t.app, {
      storeId: storeA,
      userId: buyerId,
      count: 1,
      status: 'unpaid',
    });
    // No header, CRLF, quoted cells, a blank line (line 3) that counts but is skipped.
    const csv = [
      `"${good?.orderNo}","顺丰速运","SF1000000001"`,
      `${bad1?.orderNo},申通快递的朋友,ST1000000001`,
      '',
      `${bad2?.orderNo},顺丰,SF 10`,
      `${bad3?.orderNo},顺丰`,
      `${unpaid?.orderNo},ZTO,ZT1000000001`,
      `"=cmd|' /C calc'!A0",顺丰,SF1000000009`,
    ].join('\r\n');
    const res = await importCsv(t.app, ownerA.token, csv);
    expect(res.body.data.shipped).toBe(1);
    expect(res.body.data.failed.map((f) => [f.line, f.error])).toEqual([
      [2, 'CARRIER_UNKNOWN'],
      [4, 'SHIPPING_INFO_INVALID'],
      [5, 'SHIP_IMPORT_ROW_INVALID'],
      [6, 'ORDER_STATE'],
      [7, 'ORDER_NOT_FOUND'],
    ]);
    for (const o of [bad1, bad2, bad3, unpaid]) {
      const row = await orderOf(o?.orderNo ?? '');
      expect(row.carrier).toBeNull();
      expect(await eventCount(row.id)).toBe(0);
    }
  });

  it('takes the file as multipart, as JSON { csv }, in GB18030 (Excel), with a BOM', async () => {
    const orders = await seedPaidOrders(t.app, { storeId: storeA, userId: buyerId, count: 4 });
    const [a, b, c, d] = orders.map((o) => o.orderNo);
    const boundary = 'csvBoundary9f8e7d';
    const multipart = await call<{ shipped: number }>(t.app, {
      method: 'POST',
      url: `${API}/admin/order/shipImport`,
      token: ownerA.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="ship.csv"',
        'Content-Type: text/csv',
        '',
        `订单号,快递公司,快递单号\n${a},顺丰,SF2000000001`,
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect([multipart.status, multipart.body.data.shipped]).toEqual([200, 1]);
    const json = await cpost<{ shipped: number }>(t.app, ownerA.token, 'order/shipImport', {
      csv: `${b},中通快递,ZT2000000001`,
    });
    expect(json.body.data.shipped).toBe(1);
    const gbk = Buffer.from(
      new Uint8Array([
        ...Buffer.from(`${c},`),
        // 顺丰 in GB18030
        0xcb,
        0xb3,
        0xb7,
        0xe1,
        ...Buffer.from(',SF2000000002\r\n'),
      ]),
    );
    expect((await importCsv(t.app, ownerA.token, gbk)).body.data.shipped).toBe(1);
    expect((await orderOf(c ?? '')).carrier).toBe('顺丰速运');
    const bom = await importCsv(
      t.app,
      ownerA.token,
      `\uFEFF订单号,快递公司,快递单号\n${d},EMS,EM2000000001\n`,
    );
    expect(bom.body.data).toMatchObject({ shipped: 1, failed: [] });
  });

  it('refuses a file it cannot read, and callers without order.write', async () => {
    const cases: Array<[string, string]> = [
      ['', 'SHIP_IMPORT_EMPTY'],
      ['订单号,快递公司,快递单号\n', 'SHIP_IMPORT_EMPTY'],
      ['\n\n,,\n', 'SHIP_IMPORT_EMPTY'],
      ['a,"b\nc', 'SHIP_IMPORT_INVALID'],
      [
        shipCsv(Array.from({ length: 5001 }, (_, i) => [`X${i}`, '顺丰', 'SF00000000'])),
        'SHIP_IMPORT_TOO_MANY',
      ],
    ];
    for (const [csv, error] of cases) {
      const res = await importCsv(t.app, ownerA.token, csv);
      expect([res.status, res.body.error], JSON.stringify(csv.slice(0, 20))).toEqual([400, error]);
    }
    const noFile = await cpost(t.app, ownerA.token, 'order/shipImport', { file: 'x' });
    expect([noFile.status, noFile.body.error]).toEqual([400, 'SHIP_IMPORT_INVALID']);

    const [o] = await seedPaidOrders(t.app, { storeId: storeA, userId: buyerId, count: 1 });
    const csv = shipCsv([[o?.orderNo ?? '', '顺丰', 'SF3000000001']]);
    const clerk = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', ['order.read']);
    const agent = await makeStoreMember(t.app, ownerA.token, storeA, 'agent');
    const shopper = await login(t.app);
    for (const token of [clerk.token, agent.token, shopper.token]) {
      const res = await importCsv(t.app, token, csv);
      expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await importCsv(t.app, '', csv)).status).toBe(401);
    expect((await orderOf(o?.orderNo ?? '')).status).toBe('unshipped');
  });
});

describe('发货 (admin/order/ship)', () => {
  it('ships one order of the caller store, audited; a repeat changes nothing; another store cannot', async () => {
    const [o] = await seedPaidOrders(t.app, { storeId: storeA, userId: buyerId, count: 1 });
    const orderNo = o?.orderNo ?? '';
    const body = { orderNo, carrier: 'SF', trackingNo: 'SF4000000001' };
    const foreign = await cpost(t.app, ownerB.token, 'order/ship', body);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await orderOf(orderNo)).status).toBe('unshipped');

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...body, carrier: '不存在快递' }, 'CARRIER_UNKNOWN'],
      [{ ...body, trackingNo: '!' }, 'SHIPPING_INFO_INVALID'],
      [{ ...body, carrier: '' }, 'SHIPPING_INFO_INVALID'],
      [{ carrier: 'SF', trackingNo: 'SF4000000001' }, 'ORDER_NOT_FOUND'],
    ];
    for (const [payload, error] of bad) {
      const res = await cpost(t.app, ownerA.token, 'order/ship', payload);
      expect(res.body.error, JSON.stringify(payload)).toBe(error);
      expect(res.status).toBeLessThan(500);
    }

    expect((await cpost(t.app, ownerA.token, 'order/ship', body)).body.code).toBe(1);
    expect(await orderOf(orderNo)).toMatchObject({ status: 'unreceived', carrier: '顺丰速运' });
    expect((await cpost(t.app, ownerA.token, 'order/ship', body)).body.code).toBe(1);
    const other = await cpost(t.app, ownerA.token, 'order/ship', {
      ...body,
      trackingNo: 'SF4000000002',
    });
    expect([other.status, other.body.error]).toEqual([409, 'ORDER_ALREADY_SHIPPED']);
    expect(await auditOf(t.app, 'order', orderNo)).toHaveLength(1);
    // The operator reaches every store.
    const [p] = await seedPaidOrders(t.app, { storeId: storeB, userId: buyerId, count: 1 });
    const byOperator = await cpost(t.app, operator.token, 'order/ship', {
      orderNo: p?.orderNo,
      carrier: '极兔',
      trackingNo: 'JT4000000001',
    });
    expect(byOperator.body.code).toBe(1);
  });
});
