import { BILL_KIND_TEXT, type BillRow } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../core/format.ts';
import { PATHS } from '../pageConfig.ts';
import { ACCOUNT_TEXT, amountTone, signedAmount } from './billLabels.ts';

export const orderInfoPath = (orderNo: string) =>
  `${PATHS.orderInfo}?orderNo=${encodeURIComponent(orderNo)}`;

/** One movement of 明细: what, when, which account, the signed amount and its order. */
export function BillRowItem({ row }: { row: BillRow }) {
  return (
    <div className="wl-bill-row" data-testid="bill-row">
      <div className="wl-bill-row__line">
        <span className="wl-bill-row__title">{row.title}</span>
        <span className={`wl-bill-row__amount is-${amountTone(row)}`} data-testid="bill-amount">
          {signedAmount(row.amount)}
        </span>
      </div>
      <div className="wl-bill-row__line wl-bill-row__meta">
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        <span className="wl-bill-row__tags">
          {ACCOUNT_TEXT[row.account]} · {BILL_KIND_TEXT[row.kind]}
        </span>
      </div>
      {row.orderNo && (
        <Link className="wl-bill-row__order" to={orderInfoPath(row.orderNo)}>
          订单号 {row.orderNo}
        </Link>
      )}
    </div>
  );
}
