import type { LiveShelfItem } from '@chaopin/contracts';
import { CloseOutline } from 'antd-mobile-icons';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { shelfAction } from './ShelfSheet.tsx';

/** The product 讲解中, floating over the chat; its button buys it without leaving the room. */
export function PinnedCard({
  item,
  onBuy,
  onClose,
}: {
  item: LiveShelfItem;
  onBuy: (item: LiveShelfItem) => void;
  onClose: () => void;
}) {
  const action = shelfAction(item);
  return (
    <div className="pinned" data-testid="pinned-card" data-product-id={item.productId}>
      <button type="button" className="pinned__close" aria-label="收起" onClick={onClose}>
        <CloseOutline />
      </button>
      <button type="button" className="pinned__body" onClick={() => action.buyable && onBuy(item)}>
        <div className="pinned__pic">
          <Img src={item.image} alt="" />
          <span className="pinned__talking">讲解中</span>
        </div>
        <div className="pinned__title">{item.title}</div>
        <div className="pinned__foot">
          <span className="pinned__price">{formatPrice(item.price)}</span>
          <span className={action.buyable ? 'pinned__buy' : 'pinned__buy is-off'}>
            {action.buyable ? '抢' : action.label}
          </span>
        </div>
      </button>
    </div>
  );
}
