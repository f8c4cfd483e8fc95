import type { CouponTemplateView } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../pageConfig.ts';
import {
  type CouponFace,
  claimAction,
  couponConditions,
  couponRule,
  couponStamp,
  couponUsePath,
  couponValue,
  dayText,
  markClaimed,
  rateText,
  scopeLead,
  validityText,
  yuanText,
} from './couponText.ts';
import { template as baseTemplate } from './test/fixtures.tsx';

const face = (over: Partial<CouponFace>): CouponFace => ({
  kind: 'full',
  threshold: 0,
  amount: 0,
  rate: 0,
  cap: 0,
  title: '',
  scopeText: '平台通用',
  scopeTargets: [],
  ...over,
});

const template = (over: Partial<CouponTemplateView> = {}) =>
  baseTemplate({ id: 5, issued: 10, ...over });

describe('yuanText', () => {
  it('prints whole yuan without cents and trims a trailing zero', () => {
    expect(yuanText(2000)).toBe('20');
    expect(yuanText(550)).toBe('5.5');
    expect(yuanText(1999)).toBe('19.99');
    expect(yuanText(205)).toBe('2.05');
    expect(yuanText(0)).toBe('0');
    expect(yuanText(-300)).toBe('-3');
  });
});

describe('rateText', () => {
  it('turns tenths into the 折 figure', () => {
    expect(rateText(85)).toBe('8.5');
    expect(rateText(80)).toBe('8');
    expect(rateText(5)).toBe('0.5');
  });
});

describe('couponValue and couponConditions', () => {
  it('满减: ¥20 over 满100可用', () => {
    const c = face({ kind: 'full', threshold: 10000, amount: 2000 });
    expect(couponValue(c)).toEqual({ figure: '20', unit: '¥', before: true });
    expect(couponConditions(c)).toEqual(['满100可用']);
  });

  it('无门槛: ¥5 over 无门槛', () => {
    const c = face({ kind: 'free', amount: 500 });
    expect(couponValue(c)).toEqual({ figure: '5', unit: '¥', before: true });
    expect(couponConditions(c)).toEqual(['无门槛']);
  });

  it('折扣: 8.5折 with its threshold and cap', () => {
    const c = face({ kind: 'discount', rate: 85, cap: 3000, threshold: 9900 });
    expect(couponValue(c)).toEqual({ figure: '8.5', unit: '折', before: false });
    expect(couponConditions(c)).toEqual(['满99可用', '最高减¥30']);
    expect(couponConditions(face({ kind: 'discount', rate: 90 }))).toEqual(['无门槛']);
  });
});

describe('couponRule', () => {
  it("prefers the server's title", () => {
    expect(couponRule(face({ title: '满100减20', threshold: 1, amount: 1 }))).toBe('满100减20');
  });

  it('builds one when the title is empty', () => {
    expect(couponRule(face({ threshold: 10000, amount: 2000 }))).toBe('满100减20');
    expect(couponRule(face({ kind: 'free', amount: 500 }))).toBe('无门槛减5');
    expect(couponRule(face({ kind: 'discount', rate: 85 }))).toBe('8.5折');
    expect(couponRule(face({ kind: 'discount', rate: 85, threshold: 5000 }))).toBe('满50享8.5折');
  });
});

describe('dates', () => {
  it('prints the China-time calendar day, zero-padded, whatever the phone’s zone', () => {
    // 2026-03-06 16:30 UTC is already 03-07 00:30 in China.
    expect(dayText('2026-03-06T16:30:00.000Z')).toBe('2026-03-07');
    expect(dayText('not a date')).toBe('');
  });

  it('gives the end of a running coupon, and the start of one not yet begun', () => {
    const validFrom = '2026-01-01T01:05:00.000Z';
    const validTo = '2026-01-31T15:59:00.000Z';
    expect(validityText({ validFrom, validTo }, Date.parse('2026-01-02T00:00:00Z'))).toBe(
      '有效期至 2026-01-31 23:59',
    );
    expect(validityText({ validFrom, validTo }, Date.parse('2025-12-31T00:00:00Z'))).toBe(
      '2026-01-01 09:05 至 2026-01-31 23:59',
    );
  });
});

describe('scopeLead', () => {
  it('says what kind of thing the names are', () => {
    const target = (kind: 'product' | 'category' | 'store') => ({
      kind,
      id: 1,
      name: 'x',
      link: '/',
    });
    expect(scopeLead(face({ scopeTargets: [target('product')] }))).toBe('限商品');
    expect(scopeLead(face({ scopeTargets: [target('category')] }))).toBe('限品类');
    expect(scopeLead(face({ scopeTargets: [target('store')] }))).toBe('限店铺');
  });
});

describe('claimAction', () => {
  it('offers 立即领取 only in the claim state', () => {
    expect(claimAction(template())).toEqual({ label: '立即领取', enabled: true });
    expect(claimAction(template({ state: 'claimed' }))).toEqual({
      label: '已领取',
      enabled: false,
    });
    expect(claimAction(template({ state: 'soldOut' }))).toEqual({
      label: '已抢光',
      enabled: false,
    });
  });

  it('names why a user may not claim', () => {
    expect(claimAction(template({ state: 'notEligible', audience: 'new' })).label).toBe('新人专享');
    expect(claimAction(template({ state: 'notEligible', audience: 'member' })).label).toBe(
      '会员专享',
    );
    expect(claimAction(template({ state: 'notEligible' })).label).toBe('不可领取');
  });
});

describe('markClaimed', () => {
  it('reaches the per-user limit: 已领取', () => {
    const t = markClaimed(template());
    expect(t).toMatchObject({ claimed: 1, issued: 11, state: 'claimed' });
  });

  it('stays claimable below the limit', () => {
    expect(markClaimed(template({ perUser: 3 })).state).toBe('claim');
  });

  it('the last one: 已抢光 for a user who may claim more', () => {
    expect(markClaimed(template({ perUser: 3, issued: 99 })).state).toBe('soldOut');
  });
});

describe('couponUsePath', () => {
  it('opens the store for a store coupon', () => {
    expect(couponUsePath({ id: 9, scope: 'store', storeId: 4 })).toBe(`${PATHS.store}?id=4`);
  });

  it('opens the applicable goods otherwise', () => {
    expect(couponUsePath({ id: 9, scope: 'platform', storeId: null })).toBe(
      `${PATHS.couponGoods}?id=9`,
    );
    expect(couponUsePath({ id: 9, scope: 'category', storeId: null })).toBe(
      `${PATHS.couponGoods}?id=9`,
    );
    // A store coupon without its store (data gap) still leads somewhere useful.
    expect(couponUsePath({ id: 9, scope: 'store', storeId: null })).toBe(
      `${PATHS.couponGoods}?id=9`,
    );
  });
});

describe('couponStamp', () => {
  it('stamps used and expired coupons only', () => {
    expect(couponStamp('used')).toBe('已使用');
    expect(couponStamp('expired')).toBe('已过期');
    expect(couponStamp('unused')).toBeNull();
    expect(couponStamp('held')).toBeNull();
  });
});
