import type { OrderDetail, RefundSummary } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PATHS } from '../pageConfig.ts';
import { orderRefundsQuery } from './orderRefundsQuery.ts';
import './aftersale.css';

/** Orders from which a buyer may ask for after-sales (the server checks window and amounts). */
const APPLICABLE = new Set(['unshipped', 'unreceived', 'unevaluated', 'finished']);
const OPEN = new Set(['pending', 'approved', 'returning', 'refunding']);

/** The after-sales entry under one line of an order's detail: 申请售后, or the request's state. */
export function ItemAfterSale({
  order,
  item,
}: {
  order: OrderDetail;
  item: OrderDetail['items'][number];
}) {
  const navigate = useNavigate();
  const paid = order.status !== 'unpaid';
  const refunds = useQuery({ ...orderRefundsQuery(order.orderNo), enabled: paid });
  if (!paid || !refunds.data) return null;
  // The list is newest first: the line's latest request decides what shows.
  const latest: RefundSummary | undefined = refunds.data.list.find((r) => r.skuId === item.skuId);
  const canApply = APPLICABLE.has(order.status) && !(latest && OPEN.has(latest.status));
  if (!latest && !canApply) return null;
  const open = (refundNo: string) =>
    navigate(`${PATHS.refundDetail}?refundNo=${encodeURIComponent(refundNo)}`);
  return (
    <div className="as-entry">
      {latest && (
        <button
          type="button"
          className={`as-entry__state as-entry__state--${latest.status}`}
          data-testid={`aftersale-state-${item.skuId}`}
          onClick={() => open(latest.refundNo)}
        >
          {OPEN.has(latest.status) ? `售后中·${latest.statusText}` : latest.statusText}
        </button>
      )}
      {canApply && (
        <button
          type="button"
          className="as-entry__apply"
          data-testid={`aftersale-apply-${item.skuId}`}
          onClick={() =>
            navigate(
              `${PATHS.refundApply}?orderNo=${encodeURIComponent(order.orderNo)}&skuId=${item.skuId}`,
            )
          }
        >
          申请售后
        </button>
      )}
    </div>
  );
}
