import type { RedPacket } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import {
  billFilterFrom,
  billFilterParams,
  couponNote,
  expiryText,
  monthOf,
  monthText,
  monthToDate,
  packetFace,
  signedAmount,
} from './billLabels.ts';

const packet = (over: Partial<RedPacket>): RedPacket => ({
  id: 1,
  title: '新人红包',
  source: 'newUser',
  sourceText: '新人红包',
  state: 'unopened',
  minAmount: 50,
  maxAmount: 888,
  amount: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  openedAt: null,
  createdAt: '2029-12-25T00:00:00.000Z',
  ...over,
});

describe('bill amounts', () => {
  it('carry their sign: + for money in, - for money out', () => {
    expect(signedAmount(1250)).toBe('+¥12.50');
    expect(signedAmount(-1250)).toBe('-¥12.50');
    expect(signedAmount(0)).toBe('¥0.00');
  });
});

describe('the month filter', () => {
  it('is YYYY-MM of a picked date, and back', () => {
    expect(monthOf(new Date(2024, 4, 31))).toBe('2024-05');
    expect(monthOf(new Date(2024, 11, 1))).toBe('2024-12');
    expect(monthToDate('2024-05')?.getMonth()).toBe(4);
    expect(monthToDate('2024-13')).toBeNull();
    expect(monthText('2024-05')).toBe('2024年5月');
  });

  it('reads the address, falling back to 全部 for anything else', () => {
    expect(
      billFilterFrom(new URLSearchParams('account=redPacket&kind=refund&month=2024-02')),
    ).toEqual({ account: 'redPacket', kind: 'refund', month: '2024-02' });
    expect(billFilterFrom(new URLSearchParams('account=bank&kind=x&month=2024-2'))).toEqual({
      account: 'all',
      kind: 'all',
      month: '',
    });
  });

  it('writes only what is not 全部', () => {
    expect(billFilterParams({ account: 'all', kind: 'pay', month: '' })).toEqual({ kind: 'pay' });
    expect(billFilterParams({ account: 'balance', kind: 'all', month: '2024-01' })).toEqual({
      account: 'balance',
      month: '2024-01',
    });
  });
});

describe('red packets', () => {
  const now = Date.parse('2030-01-01T00:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('say how long an unopened one has left', () => {
    expect(expiryText(at(3 * 86_400_000), now)).toBe('3天后过期');
    expect(expiryText(at(36 * 3_600_000), now)).toBe('2天后过期');
    expect(expiryText(at(5 * 3_600_000 + 60_000), now)).toBe('5小时后过期');
    expect(expiryText(at(10 * 60_000), now)).toBe('即将过期');
    expect(expiryText(at(-1), now)).toBe('已过期');
  });

  it('show 最高¥max until opened, then the amount the server fixed', () => {
    expect(packetFace(packet({}))).toEqual({ prefix: '最高', fen: 888 });
    expect(packetFace(packet({ state: 'expired' }))).toEqual({ prefix: '最高', fen: 888 });
    expect(packetFace(packet({ state: 'opened', amount: 321 }))).toEqual({ prefix: '', fen: 321 });
  });
});

describe('我的资产’s coupon tile', () => {
  it('notes only the coupons about to lapse', () => {
    expect(couponNote(0)).toBeNull();
    expect(couponNote(2)).toBe('2张即将过期');
  });
});
