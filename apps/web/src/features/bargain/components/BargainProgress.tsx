import type { BargainBrief } from '@chaopin/contracts';
import { formatPrice } from '../../../core/format.ts';
import { progressPercent } from '../logic.ts';

type Props = {
  bargain: Pick<
    BargainBrief,
    'originalPrice' | 'currentPrice' | 'targetPrice' | 'status' | 'remaining'
  >;
  /** Shows 已砍¥x / 还差¥y under the bar. */
  withAmounts?: boolean;
};

/** How far a bargain has come from its start price to the target. */
export function BargainProgress({ bargain, withAmounts = false }: Props) {
  const percent = progressPercent(bargain);
  return (
    <div className="bg-progress">
      <div
        className="bg-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="砍价进度"
      >
        <i className="bg-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      {withAmounts ? (
        <div className="bg-progress__amounts">
          <span>已砍{formatPrice(bargain.originalPrice - bargain.currentPrice)}</span>
          <span data-testid="bargain-remaining">
            {bargain.status === 'succeeded'
              ? '已砍至目标价'
              : `还差${formatPrice(bargain.remaining)}`}
          </span>
        </div>
      ) : (
        <span className="bg-progress__text">{percent}%</span>
      )}
    </div>
  );
}
