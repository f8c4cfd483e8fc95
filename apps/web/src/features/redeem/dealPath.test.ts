import { describe, expect, it } from 'vitest';
import { PATHS } from '../../ui/pageConfig.ts';
import { dealOrderPath } from '../../ui/redeem/DealConfirm.tsx';

describe('dealOrderPath', () => {
  it('goes to the cashier with what is due (shipping, cash part)', () => {
    const path = dealOrderPath({
      payNo: 'G1',
      orderNos: ['O1'],
      payAmount: 800,
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(path.startsWith(`${PATHS.pay}?`)).toBe(true);
    const q = new URLSearchParams(path.split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({
      orderNo: 'G1',
      amount: '800',
      expiresAt: '2030-01-01T00:00:00.000Z',
      orders: 'O1',
    });
  });

  it('opens the order when nothing is due', () => {
    expect(
      dealOrderPath({ payNo: 'G2', orderNos: ['O2'], payAmount: 0, expiresAt: '2030-01-01' }),
    ).toBe(`${PATHS.orderInfo}?orderNo=O2`);
  });
});
