// Order messages: written by domain-event handlers in the producer's transaction, once each.
import { beforeAll, describe, expect, it } from 'vitest';
import { messageAppPerFile } from '../../../test/kits/message-kit.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { yuan } from './message-texts.ts';

const kit = messageAppPerFile();
const { get, post, listByType, unread, emit, signedIn } = kit;

describe('order messages from real order events', () => {
  let buyer: Buyer;
  let orderNo: string;
  let payAmount: number;
  beforeAll(async () => {
    buyer = await makeBuyer(kit.app);
    await topUp(kit.app, buyer.token, 10000);
    const p = await makeProduct(kit.app, { price: 1290 });
    const order = await newOrder(kit.app, buyer, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
    orderNo = order.body.data.orderNos[0] as string;
    payAmount = order.body.data.payAmount;
  });

  it('writes 订单支付成功 when paid and 订单已发货 when the merchant ships', async () => {
    const paid = await post('order/newBalancePay', buyer.token, { orderNo, payPassword: '135790' });
    expect(paid.status).toBe(200);
    expect(await unread(buyer.token)).toEqual({ system: 1, order: 1, total: 2 });

    const ship = await post('admin/order/ship', kit.admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    expect(ship.body.code).toBe(1);
    expect(await unread(buyer.token)).toEqual({ system: 1, order: 2, total: 3 });

    const page = await listByType(buyer.token, 'order');
    expect(page.body.data.total).toBe(2);
    const [shipped, payment] = page.body.data.list;
    expect(shipped).toMatchObject({
      type: 'order',
      title: '订单已发货',
      content: `您的订单 ${orderNo} 已发货，由顺丰速运承运，运单号 SF1234567890，请留意查收`,
      orderNo,
      image: '/s.png',
      read: false,
    });
    expect(payment).toMatchObject({
      title: '订单支付成功',
      content: `您的订单 ${orderNo} 已支付 ¥${(payAmount / 100).toFixed(2)}，商家正在备货`,
      orderNo,
      image: '/s.png',
    });
    const badge = await get<{ unread: number }>('home/unreadAndCartCount', buyer.token);
    expect(badge.body.data.unread).toBe(3);
  });

  it('a repeated or refused second shipment writes nothing more', async () => {
    const shipment = await kit.app.deps.db
      .selectFrom('shop_order')
      .select(['carrier', 'tracking_no'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    // The same shipment again (a retried click, a re-imported CSV row) is a no-op …
    const same = await post('admin/order/ship', kit.admin, {
      orderNo,
      carrier: shipment.carrier,
      trackingNo: shipment.tracking_no,
    });
    expect(same.status).toBe(200);
    // … another tracking number for a shipped order is refused.
    const other = await post('admin/order/ship', kit.admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF0000000001',
    });
    expect(other.status).toBe(409);
    expect((await listByType(buyer.token, 'order')).body.data.total).toBe(2);
  });
});

describe('order messages from every event kind', () => {
  it('writes each kind once, however often the event is delivered', async () => {
    const u = await signedIn();
    const events: DomainEvent[] = [
      { type: 'order.signed', userId: u.userId, orderNo: 'O1' },
      { type: 'order.received', userId: u.userId, orderNo: 'O1', auto: true },
      { type: 'refund.approved', userId: u.userId, orderNo: 'O1', refundNo: 'R1', amount: 990 },
      {
        type: 'refund.rejected',
        userId: u.userId,
        orderNo: 'O1',
        refundNo: 'R2',
        reason: '商品已使用',
      },
      {
        type: 'refund.refunded',
        userId: u.userId,
        orderNo: 'O1',
        refundNo: 'R1',
        amount: 990,
        orderItemId: 1,
        orderRefunded: false,
      },
      { type: 'invoice.issued', userId: u.userId, orderNo: 'O1', invoiceId: 7 },
      { type: 'order.paid', userId: u.userId, orderNos: ['O2', 'O3'], amount: 2505 },
    ];
    for (const e of events) await emit(e);
    for (const e of events) await emit(e);
    await Promise.all(events.map((e) => emit(e)));

    const page = await listByType(u.token, 'order', '&pageSize=100');
    expect(page.body.data.total).toBe(events.length);
    const byTitle = Object.fromEntries(page.body.data.list.map((m) => [m.title, m.content]));
    expect(byTitle).toEqual({
      订单已签收: '您的订单 O1 已签收，如有问题请及时联系商家',
      订单已确认收货: '您的订单 O1 已超时自动确认收货，欢迎评价本次购物',
      退款申请已通过: '您的订单 O1 的退款申请已通过，退款金额 ¥9.90',
      退款申请未通过: '您的订单 O1 的退款申请未通过，原因：商品已使用',
      退款成功: '您的订单 O1 退款 ¥9.90 已原路退回，请注意查收',
      发票已开具: '您的订单 O1 的发票已开具，可在“我的发票”中查看',
      订单支付成功: '您的订单 O2 等2笔订单已支付 ¥25.05，商家正在备货',
    });
    // No such order of this user's: no image, and the lookup is not repeated.
    expect(page.body.data.list.every((m) => m.image === '')).toBe(true);
    expect(await unread(u.token)).toMatchObject({ order: events.length });
  });

  it('rolls back with the change that raised it', async () => {
    const u = await signedIn();
    await expect(
      kit.app.deps.db.transaction().execute(async (trx) => {
        await kit.app.deps.events.emit(trx, {
          type: 'order.signed',
          userId: u.userId,
          orderNo: 'X',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await listByType(u.token, 'order')).body.data.total).toBe(0);
  });
});

describe('yuan', () => {
  it('formats fen exactly', () => {
    expect([yuan(0), yuan(5), yuan(1290), yuan(123456789), yuan(-250)]).toEqual([
      '¥0.00',
      '¥0.05',
      '¥12.90',
      '¥1234567.89',
      '-¥2.50',
    ]);
  });
});
