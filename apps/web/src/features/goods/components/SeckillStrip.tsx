import type { SeckillItemData } from '@chaopin/contracts';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { Countdown } from '../../../ui/countdown/Countdown.tsx';
import { hhmm, type WithClock } from '../../../ui/countdown/clock.ts';
import { useSeckillCountdown } from '../../../ui/countdown/useSeckillCountdown.ts';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { useRemindToggle } from '../../../ui/seckill/useRemindToggle.ts';
import './seckillStrip.css';

/**
 * The product detail's 限时秒杀 strip, under the price (as Taobao and JD show it): the flash price
 * and the struck original, and by the item's state 距结束 and 马上抢 (on sale), the start time,
 * 距开始 and 提醒我 / 已设置提醒 (upcoming), or 已抢光. The strip opens 立即抢购.
 *
 * A lazy chunk of its own: the product page loads it only once `seckill/product` has answered
 * with a sale, so products without one carry none of it (nor the reminder's code).
 */
export default function SeckillStrip({
  data,
  onReached,
}: {
  data: WithClock<SeckillItemData>;
  /** The countdown ran out: the sale opened or closed (to fetch its new state). */
  onReached: () => void;
}) {
  const { session, item, offsetMs } = data;
  const { label, seconds } = useSeckillCountdown(session, offsetMs, onReached);
  const { toggle, pendingId } = useRemindToggle();
  const navigate = useNavigate();
  if (item.state === 'ended') return null;
  const rush = `${PATHS.shopRush}?id=${item.id}`;

  return (
    <div className={`pd-sk pd-sk--${item.state}`} data-testid="pd-seckill">
      <Link className="pd-sk__link" to={rush}>
        <span className="pd-sk__main">
          <span className="pd-sk__title">限时秒杀</span>
          <span className="pd-sk__prices">
            <Price fen={item.flashPrice} className="pd-sk__price" />
            <s className="pd-sk__origin">{formatPrice(item.price)}</s>
          </span>
        </span>
        <span className="pd-sk__status">
          {item.state === 'soldOut' ? (
            <span className="pd-sk__out">已抢光</span>
          ) : (
            <>
              {item.state === 'remind' && (
                <span className="pd-sk__start">{hhmm(item.startAt)} 开抢</span>
              )}
              {label && <Countdown label={label} seconds={seconds} />}
            </>
          )}
        </span>
      </Link>
      {item.state === 'buy' && (
        <button type="button" className="pd-sk__btn" onClick={() => navigate(rush)}>
          马上抢
        </button>
      )}
      {item.state === 'remind' && (
        <button
          type="button"
          className={
            item.subscribed
              ? 'pd-sk__btn pd-sk__btn--remind is-on'
              : 'pd-sk__btn pd-sk__btn--remind'
          }
          aria-pressed={item.subscribed}
          disabled={pendingId === item.id}
          onClick={() => toggle(item)}
        >
          {item.subscribed ? '已设置提醒' : '提醒我'}
        </button>
      )}
    </div>
  );
}
