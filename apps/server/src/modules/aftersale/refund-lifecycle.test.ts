// A refund request's life: cancel, reject, return and receive (money and stock back), the lists.
import { describe, expect, it } from 'vitest';
import { aftersaleAppPerFile } from '../../../test/kits/aftersale-app-kit.ts';
import { apply, get, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { balanceOf, salesOf, stockOf } from '../../../test/kits/order-kit.ts';

const kit = aftersaleAppPerFile();
const { sku } = kit;

describe('the request lifecycle', () => {
  it('buyer cancels before a decision, then may ask again', async () => {
    const { orderNo } = await kit.order('received');
    const first = await apply(kit.app, kit.a, {
      orderNo,
      skuId: sku(),
      amount: 800,
      description: '  有划痕  ',
      images: JSON.stringify(['/uploads/2026/11/a.png']),
    });
    expect(first.status).toBe(200);
    const refundNo = first.body.data.refundNo;
    const detail = await get<Record<string, unknown>>(kit.app, 'order/refundDetails', kit.a.token, {
      refundNo,
    });
    expect(detail.body.data).toMatchObject({
      status: 'pending',
      statusText: '待商家处理',
      type: 'refund',
      amount: 800,
      description: '有划痕',
      images: ['/uploads/2026/11/a.png'],
      canCancel: true,
      canReturn: false,
      refundToText: '原路退回至账户余额',
    });
    expect(await post(kit.app, 'order/cancelReturnOrder', kit.a.token, { refundNo })).toMatchObject(
      {
        status: 200,
      },
    );
    const again = await post(kit.app, 'order/cancelReturnOrder', kit.a.token, { refundNo });
    expect([again.status, again.body.error]).toEqual([409, 'REFUND_STATE']);
    const approve = await post(kit.app, 'admin/refund/approve', kit.admin, { refundNo });
    expect([approve.status, approve.body.error]).toEqual([409, 'REFUND_STATE']);
    const after = await get<{ timeline: { status: string }[] }>(
      kit.app,
      'order/refundDetails',
      kit.a.token,
      { refundNo },
    );
    expect(after.body.data.timeline.map((e) => e.status)).toEqual(['pending', 'cancelled']);
    const second = await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 2500 });
    expect(second.status).toBe(200);
  });

  it('merchant rejects with a reason; the buyer sees it and may ask again', async () => {
    const { orderNo } = await kit.order('received');
    const { refundNo } = (await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 300 })).body
      .data;
    const empty = await post(kit.app, 'admin/refund/reject', kit.admin, { refundNo, reason: '' });
    expect([empty.status, empty.body.error]).toEqual([400, 'REFUND_REJECT_REASON_INVALID']);
    const unknown = await post(kit.app, 'admin/refund/reject', kit.admin, {
      refundNo: 'R0',
      reason: 'x',
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const balance = await balanceOf(kit.app, kit.a.token);
    const rejected = await post(kit.app, 'admin/refund/reject', kit.admin, {
      refundNo,
      reason: '商品不影响使用',
    });
    expect(rejected.status).toBe(200);
    const twice = await post(kit.app, 'admin/refund/reject', kit.admin, {
      refundNo,
      reason: '再次',
    });
    expect(twice.status).toBe(409);
    const detail = await get<Record<string, unknown>>(kit.app, 'order/refundDetails', kit.a.token, {
      refundNo,
    });
    expect(detail.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: '商品不影响使用',
      canCancel: false,
    });
    expect(await balanceOf(kit.app, kit.a.token)).toBe(balance);
    expect((await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 300 })).status).toBe(200);
  });

  it('return and refund: approve, tracking number, receipt, money and stock back', async () => {
    const { orderNo } = await orderAt(
      kit.app,
      kit.a,
      kit.admin,
      [{ skuId: sku(), quantity: 2 }],
      'received',
    );
    const stock = await stockOf(kit.app, sku());
    const sales = await salesOf(kit.app, kit.shop.productId);
    const balance = await balanceOf(kit.app, kit.a.token);
    const { refundNo } = (
      await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 4000, type: 'return' })
    ).body.data;
    const early = await post(kit.app, 'order/returnOrder', kit.a.token, {
      refundNo,
      carrier: '顺丰',
      trackingNo: 'SF0001',
    });
    expect([early.status, early.body.error]).toEqual([409, 'REFUND_STATE']);
    const notYet = await post(kit.app, 'admin/refund/receive', kit.admin, { refundNo });
    expect(notYet.status).toBe(409);
    expect((await post(kit.app, 'admin/refund/approve', kit.admin, { refundNo })).status).toBe(200);
    for (const bad of [
      { carrier: '', trackingNo: 'SF0001' },
      { carrier: '顺丰', trackingNo: 'x' },
      { carrier: '顺丰', trackingNo: 'SF 0001' },
    ]) {
      const res = await post(kit.app, 'order/returnOrder', kit.a.token, { refundNo, ...bad });
      expect([res.status, res.body.error]).toEqual([400, 'RETURN_INFO_INVALID']);
    }
    const sent = await post(kit.app, 'order/returnOrder', kit.a.token, {
      refundNo,
      carrier: '顺丰速运',
      trackingNo: 'SF7654321',
    });
    expect(sent.status).toBe(200);
    const cancelLate = await post(kit.app, 'order/cancelReturnOrder', kit.a.token, { refundNo });
    expect(cancelLate.status).toBe(409);
    expect(await balanceOf(kit.app, kit.a.token)).toBe(balance);
    expect(await stockOf(kit.app, sku())).toBe(stock);
    expect(await salesOf(kit.app, kit.shop.productId)).toBe(sales);
    expect((await post(kit.app, 'admin/refund/receive', kit.admin, { refundNo })).status).toBe(200);
    expect(await balanceOf(kit.app, kit.a.token)).toBe(balance + 4000);
    expect(await stockOf(kit.app, sku())).toBe(stock + 2);
    // the two returned units no longer count as sold
    expect(await salesOf(kit.app, kit.shop.productId)).toBe(sales - 2);
    const detail = await get<{
      status: string;
      returnTrackingNo: string;
      timeline: { status: string }[];
    }>(kit.app, 'order/refundDetails', kit.a.token, { refundNo });
    expect(detail.body.data.status).toBe('refunded');
    expect(detail.body.data.returnTrackingNo).toBe('SF7654321');
    expect(detail.body.data.timeline.map((e) => e.status)).toEqual([
      'pending',
      'approved',
      'returning',
      'received',
      'refunded',
    ]);
    // The rest of the line (¥10) may still be asked for; it then closes the order.
    const over = await apply(kit.app, kit.a, {
      orderNo,
      skuId: sku(),
      amount: 1001,
      type: 'return',
    });
    expect([over.status, over.body.error]).toEqual([400, 'REFUND_AMOUNT_EXCEEDED']);
    const rest = await apply(kit.app, kit.a, {
      orderNo,
      skuId: sku(),
      amount: 1000,
      type: 'return',
    });
    expect(rest.status).toBe(200);
    const restNo = rest.body.data.refundNo;
    await post(kit.app, 'admin/refund/approve', kit.admin, { refundNo: restNo });
    await post(kit.app, 'order/returnOrder', kit.a.token, {
      refundNo: restNo,
      carrier: '顺丰速运',
      trackingNo: 'SF7654322',
    });
    expect(
      (await post(kit.app, 'admin/refund/receive', kit.admin, { refundNo: restNo })).status,
    ).toBe(200);
    expect(await balanceOf(kit.app, kit.a.token)).toBe(balance + 5000);
    // Stock came back once for the line, not once per request.
    expect(await stockOf(kit.app, sku())).toBe(stock + 2);
    const order = await get<{ status: string; statusText: string; timeline: { text: string }[] }>(
      kit.app,
      'order/queryByOrderId',
      kit.a.token,
      { orderNo },
    );
    expect(order.body.data.status).toBe('cancelled');
    expect(order.body.data.statusText).toBe('已退款');
    expect(order.body.data.timeline.some((e) => e.text.includes('售后退款成功'))).toBe(true);
    const done = await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 1 });
    expect([done.status, done.body.error]).toEqual([409, 'REFUND_NOTHING_LEFT']);
  });

  it('lists requests: mine, by order, the after-sales tab, and the merchant list', async () => {
    const { orderNo } = await orderAt(
      kit.app,
      kit.b,
      kit.admin,
      [{ skuId: sku(), quantity: 1 }],
      'received',
    );
    const { refundNo } = (await apply(kit.app, kit.b, { orderNo, skuId: sku(), amount: 100 })).body
      .data;
    const mine = await get<{ list: { refundNo: string; statusText: string }[] }>(
      kit.app,
      'order/refundList',
      kit.b.token,
      { orderNo },
    );
    expect(mine.body.data.list.map((r) => r.refundNo)).toEqual([refundNo]);
    const tab = await get<{ list: { orderNo: string }[] }>(kit.app, 'order/list', kit.b.token, {
      status: 'aftersale',
    });
    expect(tab.body.data.list.map((o) => o.orderNo)).toEqual([orderNo]);
    const pending = await get<{ list: { refundNo: string }[] }>(
      kit.app,
      'admin/refund/list',
      kit.admin,
      {
        status: 'pending',
        pageSize: 100,
      },
    );
    expect(pending.body.data.list.map((r) => r.refundNo)).toContain(refundNo);
    const badStatus = await get(kit.app, 'admin/refund/list', kit.admin, { status: 'weird' });
    expect(badStatus.status).toBe(400);
  });
});
