import type { CrudFilter } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { chinaWallToIso, isoToChinaWall } from '../../ui/chinaTime.ts';
import { filterValue } from '../../ui/filters.ts';

/** The order list's filter form (the status tabs and the search box are apart from it). */
export interface OrderFilterForm {
  orderNo?: string;
  buyerPhone?: string;
  payMethod?: string;
  liveRoomId?: number | null;
  storeId?: number | null;
  created?: [Dayjs | null, Dayjs | null] | null;
  paid?: [Dayjs | null, Dayjs | null] | null;
}

/** The fields this form owns in the list's query (`createdFrom`… are the ranges' ends). */
export const FORM_FIELDS = [
  'orderNo',
  'buyerPhone',
  'payMethod',
  'liveRoomId',
  'storeId',
  'createdFrom',
  'createdTo',
  'paidFrom',
  'paidTo',
] as const;

export const PAY_METHODS = [
  { value: 'balance', label: '余额支付' },
  { value: 'sandbox', label: '在线支付（沙箱）' },
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
];

const eq = (field: string, value: string | number | undefined): CrudFilter => ({
  field,
  operator: 'eq',
  value: value === '' ? undefined : value,
});

/** The form as the list's filters: empty fields dropped, the ranges as China-time instants. */
export function toFilters(form: OrderFilterForm): CrudFilter[] {
  const [createdFrom, createdTo] = form.created ?? [null, null];
  const [paidFrom, paidTo] = form.paid ?? [null, null];
  return [
    eq('orderNo', form.orderNo?.trim()),
    eq('buyerPhone', form.buyerPhone?.trim()),
    eq('payMethod', form.payMethod),
    eq('liveRoomId', form.liveRoomId ?? undefined),
    eq('storeId', form.storeId ?? undefined),
    eq('createdFrom', createdFrom ? chinaWallToIso(createdFrom) : undefined),
    eq('createdTo', createdTo ? chinaWallToIso(createdTo) : undefined),
    eq('paidFrom', paidFrom ? chinaWallToIso(paidFrom) : undefined),
    eq('paidTo', paidTo ? chinaWallToIso(paidTo) : undefined),
  ];
}

const range = (from?: string, to?: string): [Dayjs | null, Dayjs | null] | null =>
  from || to ? [from ? isoToChinaWall(from) : null, to ? isoToChinaWall(to) : null] : null;

const numberOf = (text?: string) => (text ? Number(text) : null);

/** The list's filters (from the URL) as the form's values. */
export function fromFilters(filters: readonly CrudFilter[]): OrderFilterForm {
  const v = (field: string) => filterValue(filters, field);
  return {
    orderNo: v('orderNo'),
    buyerPhone: v('buyerPhone'),
    payMethod: v('payMethod'),
    liveRoomId: numberOf(v('liveRoomId')),
    storeId: numberOf(v('storeId')),
    created: range(v('createdFrom'), v('createdTo')),
    paid: range(v('paidFrom'), v('paidTo')),
  };
}

/** Every filter of the list (tabs, search, form) as the export's query. */
export function exportQuery(filters: readonly CrudFilter[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ['status', 'q', ...FORM_FIELDS]) {
    const value = filterValue(filters, field);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** A range's ends must run forwards (the API refuses the other way with ORDER_RANGE_INVALID). */
export async function checkRange(value: [Dayjs | null, Dayjs | null] | null | undefined) {
  const [a, b] = value ?? [null, null];
  if (a && b && !a.isBefore(b)) throw new Error('开始时间须早于结束时间');
}
