import type { FilterTab } from '../../ui/FilterTabs.tsx';
import type { OrderStatus } from './api.ts';

export const ORDER_TABS: readonly FilterTab<OrderStatus>[] = [
  { value: 'all', label: '全部' },
  { value: 'unpaid', label: '待付款' },
  { value: 'unshipped', label: '待发货' },
  { value: 'unreceived', label: '待收货' },
  { value: 'unevaluated', label: '待评价' },
  { value: 'finished', label: '已完成' },
  { value: 'cancelled', label: '已取消' },
];

/** antd Tag colours: what waits for the store (待发货) stands out. */
export const ORDER_STATUS_COLOR: Record<string, string> = {
  unpaid: 'default',
  unshipped: 'orange',
  unreceived: 'blue',
  unevaluated: 'cyan',
  finished: 'green',
  cancelled: 'default',
};
