import type { SeckillItem } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { itemButtonText } from '../labels.ts';
import { SeckillProgress } from './SeckillProgress.tsx';

export const rushPath = (itemId: number) => `${PATHS.shopRush}?id=${itemId}`;

/** One flash-sale item: the card opens 立即抢购; the button acts by the item's state. */
export function SeckillItemCard({
  item,
  busy,
  onRemind,
  onBuy,
}: {
  item: SeckillItem;
  busy: boolean;
  onRemind: (item: SeckillItem) => void;
  onBuy: (item: SeckillItem) => void;
}) {
  const text = itemButtonText(item.state, item.subscribed);
  const closed = item.state === 'soldOut' || item.state === 'ended';
  const tone =
    item.state === 'remind' ? (item.subscribed ? 'subscribed' : 'remind') : closed ? 'off' : 'buy';
  return (
    <article
      className={closed ? 'sk-item card is-closed' : 'sk-item card'}
      data-testid="seckill-item"
    >
      <Link className="sk-item__link" to={rushPath(item.id)}>
        <span className="sk-item__media">
          <Img className="sk-item__image" src={item.image} alt={item.title} />
          {item.state === 'soldOut' && <span className="sk-item__stamp">已抢光</span>}
        </span>
        <span className="sk-item__body">
          <span className="sk-item__title text-clamp-2">{item.title}</span>
          {item.skuName && <span className="sk-item__sku">{item.skuName}</span>}
          <SeckillProgress item={item} />
          <span className="sk-item__prices">
            <Price fen={item.flashPrice} />
            <s className="sk-item__origin">{formatPrice(item.price)}</s>
          </span>
        </span>
      </Link>
      <button
        type="button"
        className={`sk-btn sk-btn--${tone}`}
        disabled={closed || busy}
        onClick={() => (item.state === 'remind' ? onRemind(item) : onBuy(item))}
      >
        {text}
      </button>
    </article>
  );
}
