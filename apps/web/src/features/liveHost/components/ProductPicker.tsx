import type { ProductCard } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, Popup, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { goodsApi } from '../../../ui/product/goodsQuery.ts';
import { searchApi } from '../../../ui/search/searchApi.ts';
import { liveHostKeys } from '../api.ts';
import type { PickedProduct } from '../shelf.ts';

interface Props {
  visible: boolean;
  /** Product ids already on the shelf: shown as 已添加. */
  onShelf: ReadonlySet<number>;
  onClose: () => void;
  onPick: (products: PickedProduct[]) => void;
}

/** 添加商品: the catalogue (or a search of it), several picked at once. */
export function ProductPicker({ visible, onShelf, onClose, onPick }: Props) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="lh-sheet lh-sheet--tall"
    >
      <PickerBody onShelf={onShelf} onClose={onClose} onPick={onPick} />
    </Popup>
  );
}

function PickerBody({ onShelf, onClose, onPick }: Omit<Props, 'visible'>) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<number, PickedProduct>>(new Map());
  const query = useInfiniteQuery({
    queryKey: liveHostKeys.picker(keyword),
    queryFn: ({ pageParam }) =>
      keyword
        ? searchApi.goods({ keyword, pageNum: pageParam, pageSize: 20 })
        : goodsApi.list({ pageNum: pageParam, pageSize: 20, sort: 'sales' }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const toggle = (p: ProductCard) => {
    if (onShelf.has(p.id)) return;
    const next = new Map(picked);
    if (next.has(p.id)) next.delete(p.id);
    else next.set(p.id, { id: p.id, title: p.title, image: p.image, price: p.price });
    setPicked(next);
  };

  return (
    <div className="lh-picker" data-testid="product-picker">
      <header className="lh-sheet__head">
        <h3>添加直播商品</h3>
      </header>
      <div className="lh-picker__search">
        <SearchBar
          placeholder="搜索商品名称"
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
          data-testid="picker-search"
        />
      </div>
      <div className="lh-picker__list">
        {query.isPending ? (
          <div className="feed-footer">
            <DotLoading color="primary" />
          </div>
        ) : rows.length === 0 ? (
          <div className="feed-footer">没有找到相关商品</div>
        ) : (
          <>
            {rows.map((p) => {
              const added = onShelf.has(p.id);
              return (
                <button
                  type="button"
                  key={p.id}
                  className={`lh-pick${added ? ' is-added' : ''}`}
                  data-testid="picker-item"
                  onClick={() => toggle(p)}
                >
                  <Checkbox checked={added || picked.has(p.id)} disabled={added} />
                  <Img className="lh-pick__image" src={p.image} alt={p.title} />
                  <span className="lh-pick__body">
                    <span className="lh-pick__title text-clamp-2">{p.title}</span>
                    <span className="lh-pick__meta">
                      <em>{formatPrice(p.price)}</em>
                      <small>已售{formatCount(p.sales)}</small>
                      {added && <small className="lh-pick__added">已添加</small>}
                    </span>
                  </span>
                </button>
              );
            })}
            <InfiniteFooter
              hasMore={query.hasNextPage}
              loadMore={() => nextPageOrThrow(query.fetchNextPage)}
            />
          </>
        )}
      </div>
      <footer className="lh-sheet__foot lh-picker__foot">
        <span>
          已选 <b data-testid="picker-count">{picked.size}</b> 件
        </span>
        <Button shape="rounded" onClick={onClose}>
          取消
        </Button>
        <Button
          color="primary"
          shape="rounded"
          disabled={picked.size === 0}
          data-testid="picker-confirm"
          onClick={() => {
            onPick([...picked.values()]);
            onClose();
          }}
        >
          确定添加
        </Button>
      </footer>
    </div>
  );
}
