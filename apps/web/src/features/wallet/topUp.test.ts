import { afterEach, describe, expect, it } from 'vitest';
import { clearPendingTopUp, readPendingTopUp, savePendingTopUp, TOP_UP_WAIT_MS } from './topUp.ts';

afterEach(() => sessionStorage.clear());

/** 我的余额 remembers the top-up it waits for across a same-tab trip to the cashier. */
describe('pending top-up', () => {
  it('is remembered until it is cleared', () => {
    expect(readPendingTopUp()).toBeNull();
    const saved = savePendingTopUp('T2026000001', 10_000, 1_000);
    expect(saved).toEqual({
      paymentNo: 'T2026000001',
      amount: 10_000,
      until: 1_000 + TOP_UP_WAIT_MS,
    });
    expect(readPendingTopUp(2_000)).toEqual(saved);
    clearPendingTopUp();
    expect(readPendingTopUp(2_000)).toBeNull();
  });

  it('is given up after the wait, and forgotten when malformed', () => {
    savePendingTopUp('T1', 100, 0);
    expect(readPendingTopUp(TOP_UP_WAIT_MS + 1)).toBeNull();
    expect(sessionStorage.getItem('pendingTopUp')).toBeNull();
    for (const bad of [
      '{',
      '{"paymentNo":"","amount":1,"until":9e15}',
      '{"paymentNo":"T","amount":"1","until":9e15}',
    ]) {
      sessionStorage.setItem('pendingTopUp', bad);
      expect(readPendingTopUp()).toBeNull();
    }
  });
});
