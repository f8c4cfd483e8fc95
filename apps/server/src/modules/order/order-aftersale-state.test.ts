import { describe, expect, it } from 'vitest';
import { aftersaleOf } from './order-view.ts';

const r = (id: number, status: string) => ({ id, order_id: 1, refund_no: `R${id}`, status });

/** An order's after-sales state as its list card shows it (issue 17 §6.5). */
describe('aftersaleOf', () => {
  it('is null without a request', () => {
    expect(aftersaleOf([])).toBeNull();
  });

  it('says 退款中 while any request is open, whatever the others did', () => {
    for (const open of ['pending', 'approved', 'returning', 'refunding']) {
      expect(aftersaleOf([r(1, 'refunded'), r(2, open), r(3, 'rejected')])).toEqual({
        state: 'refunding',
        text: '退款中',
        refundNo: 'R2',
      });
    }
  });

  it('then 已退款, then 已拒绝, then 已撤销, naming the newest request of that kind', () => {
    expect(aftersaleOf([r(1, 'refunded'), r(2, 'rejected'), r(3, 'refunded')])).toMatchObject({
      state: 'refunded',
      text: '已退款',
      refundNo: 'R3',
    });
    expect(aftersaleOf([r(4, 'rejected'), r(5, 'cancelled')])).toMatchObject({
      state: 'rejected',
      text: '已拒绝',
    });
    expect(aftersaleOf([r(6, 'cancelled'), r(7, 'cancelled')])).toEqual({
      state: 'cancelled',
      text: '已撤销',
      refundNo: 'R7',
    });
  });
});
