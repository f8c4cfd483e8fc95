import type { ZoneProduct } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { cartApi } from '../../../ui/cart/cartApi.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { AlertIcon, BagIcon } from '../../../ui/icons.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { Price } from '../../../ui/Price.tsx';
import { loginPath } from '../../../ui/pageConfig.ts';
import { productPath } from '../../../ui/product/ProductCard.tsx';
import { showSuccess } from '../../../ui/toast.ts';
import { zonePageQuery } from '../api.ts';

/** A zone's paged products: tap the row for the detail; 抢 adds the zone's own SKU to the cart. */
export function ZoneGoods({
  zoneKey,
  categoryId,
  theme,
  empty = '专区商品正在准备中，敬请期待',
}: {
  zoneKey: string;
  categoryId?: number;
  theme?: string;
  empty?: string;
}) {
  const query = useInfiniteQuery(zonePageQuery(zoneKey, categoryId));
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={items.length === 0}
      errorIcon={<AlertIcon />}
      empty={<EmptyState icon={<BagIcon />} title="暂无商品" description={empty} />}
    >
      <ul className="zone-goods" data-testid="zone-goods">
        {items.map((p) => (
          <ZoneRow key={p.productId} product={p} theme={theme} />
        ))}
      </ul>
      <InfiniteFooter
        hasMore={Boolean(query.hasNextPage)}
        loadMore={() => nextPageOrThrow(query.fetchNextPage)}
      />
    </ListStates>
  );
}

function ZoneRow({ product: p, theme }: { product: ZoneProduct; theme?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  const add = useMutation({
    mutationFn: (skuId: number) => cartApi.add(skuId, 1),
    onSuccess: () => {
      showSuccess('已加入购物车');
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
  });
  const buy = () => {
    // Without a zone SKU the buyer picks one on the detail page.
    if (p.skuId === null) return navigate(productPath(p.productId));
    if (!isLogin) return navigate(loginPath(location.pathname + location.search));
    add.mutate(p.skuId);
  };
  return (
    <li className="zone-row card" data-testid="zone-item">
      <button
        type="button"
        className="zone-row__main"
        onClick={() => navigate(productPath(p.productId))}
      >
        <span className="zone-row__image">
          <Img src={p.image} alt={p.title} />
          {p.soldOut && <span className="zone-row__soldout">已抢光</span>}
        </span>
        <span className="zone-row__body">
          <span className="zone-row__title text-clamp-2">
            {p.label && (
              <em className="zone-row__label" style={theme ? { background: theme } : undefined}>
                {p.label}
              </em>
            )}
            {p.title}
          </span>
          <span className="zone-row__store">{p.storeName}</span>
          <span className="zone-row__meta">
            <Price fen={p.price} />
            {p.originPrice > p.price && <del>{formatPrice(p.originPrice)}</del>}
          </span>
          <span className="zone-row__sales">已售{formatCount(p.sales)}</span>
        </span>
      </button>
      <Button
        size="mini"
        shape="rounded"
        color="primary"
        className="zone-row__buy"
        style={theme ? { '--background-color': theme, '--border-color': theme } : undefined}
        disabled={p.soldOut}
        loading={add.isPending}
        onClick={buy}
        data-testid="zone-add-cart"
      >
        {p.soldOut ? '已抢光' : p.skuId === null ? '去看看' : '加入购物车'}
      </Button>
    </li>
  );
}
