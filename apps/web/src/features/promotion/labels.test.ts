import { describe, expect, it } from 'vitest';
import { PATHS } from '../../ui/pageConfig.ts';
import {
  appLink,
  bindWindowText,
  cleanYuanInput,
  feeOf,
  incomeDetailPath,
  incomeFilterFrom,
  parseYuan,
  rateText,
  shareOf,
  teamLevelFrom,
  withdrawTabFrom,
} from './labels.ts';

describe('promotion labels', () => {
  it('says basis points as percentages', () => {
    expect(rateText(1000)).toBe('10%');
    expect(rateText(500)).toBe('5%');
    expect(rateText(60)).toBe('0.6%');
    expect(rateText(1250)).toBe('12.5%');
    expect(rateText(5)).toBe('0.05%');
    expect(rateText(0)).toBe('0%');
  });

  it('rounds shares and fees down to the fen', () => {
    expect(shareOf(9990, 1000)).toBe(999);
    expect(shareOf(9999, 1000)).toBe(999);
    expect(feeOf(12_345, 60)).toEqual({ fee: 74, net: 12_271 });
    expect(feeOf(100, 60)).toEqual({ fee: 0, net: 100 });
  });

  it('reads yuan text as fen without floats', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan('12.')).toBe(1200);
    expect(parseYuan('')).toBeNull();
    expect(parseYuan('.5')).toBeNull();
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });

  it('keeps typed amounts to digits and two decimals', () => {
    expect(cleanYuanInput('12.345')).toBe('12.34');
    expect(cleanYuanInput('¥1,000')).toBe('1000');
    expect(cleanYuanInput('1.2.3')).toBe('1.23');
    expect(cleanYuanInput('12.')).toBe('12.');
  });

  it('says the bind window', () => {
    expect(bindWindowText(0)).toBe('仅可在注册时填写邀请码绑定邀请人');
    expect(bindWindowText(72)).toBe('注册后3天内可补填邀请码绑定邀请人');
    expect(bindWindowText(36)).toBe('注册后36小时内可补填邀请码绑定邀请人');
  });

  it('reads filters and tabs from the address, falling back to the defaults', () => {
    expect(incomeFilterFrom(new URLSearchParams('state=void&level=1&month=2024-12'))).toEqual({
      state: 'void',
      level: '1',
      month: '2024-12',
    });
    expect(incomeFilterFrom(new URLSearchParams('state=x&level=9&month=24-1'))).toEqual({
      state: 'all',
      level: 'all',
      month: '',
    });
    expect(teamLevelFrom(new URLSearchParams('level=2'))).toBe('2');
    expect(teamLevelFrom(new URLSearchParams('level=3'))).toBe('1');
    expect(withdrawTabFrom(new URLSearchParams('state=paying'))).toBe('paying');
    expect(withdrawTabFrom(new URLSearchParams('state=void'))).toBe('all');
  });

  it('links a friend to a page through the login page, carrying my code', () => {
    const link = new URL(appLink(`${PATHS.product}?id=7`, 'AB12CD'));
    expect(link.origin).toBe(location.origin);
    const [path, query] = link.hash.slice(1).split('?');
    expect(path).toBe(PATHS.login);
    const params = new URLSearchParams(query);
    expect(params.get('invite')).toBe('AB12CD');
    expect(params.get('redirect')).toBe(`${PATHS.product}?id=7`);
  });

  it('links 收益明细 on a filter, leaving out 全部', () => {
    expect(incomeDetailPath()).toBe(PATHS.incomeDetail);
    expect(incomeDetailPath({ state: 'all', level: '2' })).toBe(`${PATHS.incomeDetail}?level=2`);
  });
});
