import type { CommissionRow } from '@chaopin/contracts';
import { formatDate, formatDateTime, formatPrice } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { rateText } from '../labels.ts';

/** One commission of 收益明细: who bought what, the base × rate, and where it stands. */
export function CommissionItem({ row }: { row: CommissionRow }) {
  return (
    <div className={`pr-income is-${row.state}`} data-testid="income-row">
      <div className="pr-income__head">
        <Img
          className="pr-income__avatar"
          src={row.buyer.avatar}
          fallback={DEFAULT_AVATAR}
          alt=""
        />
        <span className="pr-income__buyer">{row.buyer.nickname}</span>
        <span className={`pr-tag pr-tag--l${row.level}`}>{row.level === 2 ? '二级' : '一级'}</span>
        <span className={`pr-state is-${row.state}`} data-testid="income-state">
          {row.stateText}
        </span>
      </div>
      <div className="pr-income__goods">
        <Img className="pr-income__image" src={row.image} alt={row.title} />
        <div className="pr-income__info">
          <div className="pr-income__title text-clamp-2">{row.title}</div>
          <div className="pr-income__meta">订单号 {row.orderNo}</div>
          <div className="pr-income__meta">
            {formatPrice(row.base)} × {rateText(row.rateBp)}
          </div>
        </div>
        <div className="pr-income__amount" data-testid="income-amount">
          +{formatPrice(row.amount)}
        </div>
      </div>
      <div className="pr-income__foot">
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        {row.state === 'frozen' && row.settleAt && (
          <span className="pr-income__settle">预计 {formatDate(row.settleAt)} 结算</span>
        )}
      </div>
    </div>
  );
}
