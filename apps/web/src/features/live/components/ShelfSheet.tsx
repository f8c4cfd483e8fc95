import type { LiveShelfItem } from '@chaopin/contracts';
import { DotLoading, Popup } from 'antd-mobile';
import { formatCount } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';

/** The button of a shelf item: 去抢购 (on sale), 已抢光 (no stock) or 即将开售 (shown only). */
export function shelfAction(item: Pick<LiveShelfItem, 'status' | 'stock'>) {
  if (item.status !== 'onSale') return { label: '即将开售', buyable: false };
  if (item.stock <= 0) return { label: '已抢光', buyable: false };
  return { label: '去抢购', buyable: true };
}

/** 🛍 the room's shelf: every shown product in order, the one 讲解中 marked. */
export function ShelfSheet({
  visible,
  items,
  loading,
  onClose,
  onBuy,
}: {
  visible: boolean;
  items: LiveShelfItem[];
  loading: boolean;
  onClose: () => void;
  onBuy: (item: LiveShelfItem) => void;
}) {
  const shown = items.filter((i) => i.status !== 'hidden');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="lp-sheet shelf-sheet"
    >
      <header className="shelf-sheet__head">
        <span>
          直播商品 <em>{shown.length}</em>
        </span>
      </header>
      <div className="shelf-sheet__list" data-testid="shelf-sheet">
        {loading && shown.length === 0 ? (
          <div className="shelf-sheet__empty">
            <DotLoading color="primary" />
          </div>
        ) : shown.length === 0 ? (
          <p className="shelf-sheet__empty">主播还没有上架商品</p>
        ) : (
          shown.map((item, i) => {
            const action = shelfAction(item);
            return (
              <article
                key={item.productId}
                className={item.pinned ? 'shelf-item is-pinned' : 'shelf-item'}
                data-testid="shelf-item"
                data-product-id={item.productId}
              >
                <div className="shelf-item__pic">
                  <Img src={item.image} alt="" />
                  <span className="shelf-item__no">{i + 1}</span>
                  {item.pinned && (
                    <span className="shelf-item__talking" data-testid="shelf-talking">
                      讲解中
                    </span>
                  )}
                </div>
                <div className="shelf-item__info">
                  <h4 className="shelf-item__title">{item.title}</h4>
                  <div className="shelf-item__meta">
                    {item.sales > 0 && <span>已售 {formatCount(item.sales)}</span>}
                    {item.status === 'onSale' && item.stock > 0 && item.stock <= 10 && (
                      <span className="shelf-item__few">仅剩 {item.stock} 件</span>
                    )}
                  </div>
                  <div className="shelf-item__foot">
                    <Price fen={item.price} />
                    <button
                      type="button"
                      className={action.buyable ? 'shelf-buy' : 'shelf-buy is-off'}
                      data-testid="shelf-buy"
                      disabled={!action.buyable}
                      onClick={() => onBuy(item)}
                    >
                      {action.label}
                    </button>
                  </div>
                </div>
              </article>
            );
          })
        )}
      </div>
    </Popup>
  );
}
