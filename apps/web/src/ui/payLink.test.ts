import { describe, expect, it } from 'vitest';
import { PATHS } from './pageConfig.ts';
import { payPagePath } from './payLink.ts';

describe('payPagePath', () => {
  it('sends a placed order with its amount, expiry and orders', () => {
    const path = payPagePath({
      payNo: 'P1',
      payAmount: 1200,
      expiresAt: '2026-01-01T00:00:00.000Z',
      orderNos: ['O1', 'O2'],
    });
    expect(path).toBe(
      `${PATHS.pay}?orderNo=P1&amount=1200&expiresAt=2026-01-01T00%3A00%3A00.000Z&orders=O1%2CO2`,
    );
  });

  it('sends only the order number when that is all that is known', () => {
    expect(payPagePath({ orderNo: 'O9' })).toBe(`${PATHS.pay}?orderNo=O9`);
  });

  it('leaves out an expiry the order does not have', () => {
    expect(payPagePath({ orderNo: 'O9', amount: 5, expiresAt: null, orders: ['O9'] })).toBe(
      `${PATHS.pay}?orderNo=O9&amount=5&orders=O9`,
    );
  });
});
