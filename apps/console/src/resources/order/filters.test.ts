import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { exportQuery, fromFilters, toFilters } from './filters.ts';

describe('order list filters', () => {
  it('turns the form into the list query: empty fields dropped, ranges in China time', () => {
    const filters = toFilters({
      orderNo: ' 202611300000000001 ',
      buyerPhone: '',
      payMethod: 'balance',
      liveRoomId: 7,
      storeId: null,
      created: [dayjs('2026-11-01 00:00:00'), null],
      paid: null,
    });
    const set = filters.filter((f) => 'value' in f && f.value !== undefined);
    expect(set).toEqual([
      { field: 'orderNo', operator: 'eq', value: '202611300000000001' },
      { field: 'payMethod', operator: 'eq', value: 'balance' },
      { field: 'liveRoomId', operator: 'eq', value: 7 },
      { field: 'createdFrom', operator: 'eq', value: '2026-10-31T16:00:00.000Z' },
    ]);
    const back = fromFilters(set);
    expect(back.orderNo).toBe('202611300000000001');
    expect(back.liveRoomId).toBe(7);
    expect(back.created?.[0]?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(back.created?.[1]).toBeNull();
    expect(back.paid).toBeNull();
  });

  it('exports what the list shows: tabs, search box and form', () => {
    expect(
      exportQuery([
        { field: 'status', operator: 'eq', value: 'unshipped' },
        { field: 'q', operator: 'contains', value: '张三' },
        { field: 'paidTo', operator: 'eq', value: '2026-11-30T16:00:00.000Z' },
        { field: 'orderNo', operator: 'eq', value: undefined },
      ]),
    ).toEqual({ status: 'unshipped', q: '张三', paidTo: '2026-11-30T16:00:00.000Z' });
  });
});
