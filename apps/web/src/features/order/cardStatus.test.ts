import type { OrderSummary } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { cardStatus } from './pages/OrderListPage.tsx';

const order = (aftersale: OrderSummary['aftersale'], statusText = '待发货'): OrderSummary => ({
  orderNo: 'O1',
  payNo: 'P1',
  status: 'unshipped',
  statusText,
  storeId: 1,
  storeName: '店',
  items: [],
  goodsAmount: 100,
  shippingFee: 0,
  discountAmount: 0,
  redPacketAmount: 0,
  payAmount: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  aftersale,
});

/** Issue 17 §6.5: a card in the 售后 tab says the refund's state, not 待发货. */
describe('an order card’s status', () => {
  it('is the after-sales state on the 售后 tab', () => {
    for (const [state, text] of [
      ['refunding', '退款中'],
      ['refunded', '已退款'],
      ['rejected', '已拒绝'],
    ] as const) {
      expect(cardStatus(order({ state, text, refundNo: 'R1' }), 'aftersale')).toEqual({
        text,
        aftersale: true,
      });
    }
  });

  it('is 退款中 on every tab while a refund is under way, else the order’s own state', () => {
    const refunding = order({ state: 'refunding', text: '退款中', refundNo: 'R1' });
    expect(cardStatus(refunding, 'all').text).toBe('退款中');
    expect(cardStatus(refunding, 'unshipped').text).toBe('退款中');
    const rejected = order({ state: 'rejected', text: '已拒绝', refundNo: 'R1' });
    expect(cardStatus(rejected, 'all')).toEqual({ text: '待发货', aftersale: false });
    expect(cardStatus(order(null), 'aftersale')).toEqual({ text: '待发货', aftersale: false });
  });
});
