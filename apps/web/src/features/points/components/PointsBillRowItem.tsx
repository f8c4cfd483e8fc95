import type { PointsBillRow } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../core/format.ts';
import { orderInfoPath } from '../../../ui/bills/BillRowItem.tsx';
import { pointsTone, signedPoints } from '../labels.ts';

/** One movement of 积分明细: what, when, the signed points and the order it came from. */
export function PointsBillRowItem({ row }: { row: PointsBillRow }) {
  return (
    <div className="wl-bill-row" data-testid="points-row">
      <div className="wl-bill-row__line">
        <span className="wl-bill-row__title">{row.title}</span>
        <span className={`wl-bill-row__amount is-${pointsTone(row)}`} data-testid="points-amount">
          {signedPoints(row.amount)}
        </span>
      </div>
      <div className="wl-bill-row__line wl-bill-row__meta">
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
      </div>
      {row.orderNo && (
        <Link className="wl-bill-row__order" to={orderInfoPath(row.orderNo)}>
          订单号 {row.orderNo}
        </Link>
      )}
    </div>
  );
}
