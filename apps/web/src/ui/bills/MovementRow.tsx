import { Link } from 'react-router';
import { formatDateTime } from '../../core/format.ts';
import { PATHS } from '../pageConfig.ts';

export const orderInfoPath = (orderNo: string) =>
  `${PATHS.orderInfo}?orderNo=${encodeURIComponent(orderNo)}`;

/** What a row of a 明细 list shows; the money and the points lists differ only in these. */
export interface Movement {
  title: string;
  /** Already signed and formatted (+12.00, -300). */
  amount: string;
  tone: 'in' | 'out';
  createdAt: string;
  /** The account and kind, where the list has more than one. */
  tags?: string;
  orderNo?: string | null;
}

/** One movement of a 明细 list (balance, red packets, points): what, when, how much, its order. */
export function MovementRow({
  movement: m,
  testId,
  amountTestId,
}: {
  movement: Movement;
  testId: string;
  amountTestId: string;
}) {
  return (
    <div className="wl-bill-row" data-testid={testId}>
      <div className="wl-bill-row__line">
        <span className="wl-bill-row__title">{m.title}</span>
        <span className={`wl-bill-row__amount is-${m.tone}`} data-testid={amountTestId}>
          {m.amount}
        </span>
      </div>
      <div className="wl-bill-row__line wl-bill-row__meta">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
        {m.tags && <span className="wl-bill-row__tags">{m.tags}</span>}
      </div>
      {m.orderNo && (
        <Link className="wl-bill-row__order" to={orderInfoPath(m.orderNo)}>
          订单号 {m.orderNo}
        </Link>
      )}
    </div>
  );
}
