import type { FilterTab } from '../../ui/FilterTabs.tsx';
import type { RefundStatus } from './api.ts';

export const REFUND_TABS: readonly FilterTab<RefundStatus>[] = [
  { value: 'all', label: '全部' },
  { value: 'pending', label: '待处理' },
  { value: 'approved', label: '待买家退货' },
  { value: 'returning', label: '待收货' },
  { value: 'refunding', label: '退款中' },
  { value: 'refunded', label: '已退款' },
  { value: 'rejected', label: '已驳回' },
  { value: 'cancelled', label: '已撤销' },
];

export { REFUND_STATUS_COLOR } from '../../ui/refundStatus.ts';
