import type { SeckillItemData } from '@chaopin/contracts';
import { formatPrice } from '../../../core/format.ts';
import { Countdown } from '../../../ui/countdown/Countdown.tsx';
import { useSeckillCountdown } from '../../../ui/countdown/useSeckillCountdown.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { startText } from '../labels.ts';
import { SeckillProgress } from './SeckillProgress.tsx';

/** The item on 立即抢购: picture, prices, how much is taken, the limit and the countdown. */
export function RushItem({
  data,
  offsetMs,
  onPhaseChange,
}: {
  data: SeckillItemData;
  offsetMs: number;
  onPhaseChange: () => void;
}) {
  const { item, session, mine } = data;
  const { label, seconds } = useSeckillCountdown(session, offsetMs, onPhaseChange);
  return (
    <section className="sk-rush-item card" data-testid="rush-item">
      <Img className="sk-rush-item__image" src={item.image} alt={item.title} />
      <div className="sk-rush-item__band">
        <span className="sk-rush-item__prices">
          <span className="sk-rush-item__tag">秒杀价</span>
          <Price fen={item.flashPrice} />
          <s className="sk-item__origin">{formatPrice(item.price)}</s>
        </span>
        {label ? (
          <Countdown label={label} seconds={seconds} className="sk-countdown--light" />
        ) : (
          <span className="sk-rush-item__ended">本场已结束</span>
        )}
      </div>
      <div className="sk-rush-item__info">
        <h2 className="sk-rush-item__title text-clamp-2">{item.title}</h2>
        {item.skuName && <p className="sk-rush-item__sku">规格：{item.skuName}</p>}
        <SeckillProgress item={item} />
        <p className="sk-rush-item__meta">
          <span>
            每人限购{item.perUserLimit}件{mine > 0 ? `（已抢${mine}件）` : ''}
          </span>
          <span>{item.state === 'remind' ? `${startText(item.startAt)} 开抢` : session.title}</span>
        </p>
      </div>
    </section>
  );
}
