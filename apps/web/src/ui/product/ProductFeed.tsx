import type { PageOf, ProductCard as Product, ProductSort } from '@chaopin/contracts';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { EmptyState } from '../EmptyState.tsx';
import { InfiniteFooter } from '../InfiniteFooter.tsx';
import { AlertIcon, BagIcon } from '../icons.tsx';
import { ListStates } from '../ListStates.tsx';
import { placeholders, SkeletonText } from '../Skeleton.tsx';
import { goodsQuery } from './goodsQuery.ts';
import { ProductCard, ProductRow } from './ProductCard.tsx';

interface Props {
  categoryId?: number;
  sort?: ProductSort;
  /** px from the bottom at which the next page loads (page config reachBottomDistance). */
  threshold?: number;
  layout?: 'grid' | 'rows';
}

/** A paged product list with the SPEC footer states: loading, no more items, load failed. */
export function ProductFeed({
  categoryId,
  sort = 'default',
  threshold = 250,
  layout = 'grid',
}: Props) {
  const query = useInfiniteQuery(goodsQuery(categoryId, sort));
  return (
    <ProductFeedView query={query} threshold={threshold} layout={layout} empty="换个分类看看吧" />
  );
}

export type ProductPagesQuery = UseInfiniteQueryResult<InfiniteData<PageOf<Product>>, Error>;

/** The feed for any paged product query (category, search results, a store's goods). */
export function ProductFeedView({
  query,
  threshold = 250,
  layout = 'grid',
  empty,
}: {
  query: ProductPagesQuery;
  threshold?: number;
  layout?: 'grid' | 'rows';
  /** The empty state's hint. */
  empty: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error; // lets InfiniteScroll show its retry state
  };

  return (
    <ListStates
      query={query}
      isEmpty={items.length === 0}
      loading={<FeedSkeleton layout={layout} />}
      errorIcon={<AlertIcon />}
      empty={<EmptyState icon={<BagIcon />} title="暂无商品" description={empty} />}
    >
      <div className={layout === 'grid' ? 'product-grid' : 'product-rows'}>
        {items.map((product) =>
          layout === 'grid' ? (
            <ProductCard key={product.id} product={product} />
          ) : (
            <ProductRow key={product.id} product={product} />
          ),
        )}
      </div>
      <InfiniteFooter loadMore={loadMore} hasMore={query.hasNextPage} threshold={threshold} />
    </ListStates>
  );
}

/** The first page's placeholders, laid out like the cards or rows that replace them. */
export function FeedSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'rows' }) {
  if (layout === 'rows') {
    return (
      <div className="product-rows" aria-hidden="true" data-testid="feed-skeleton">
        {placeholders(5).map((key) => (
          <div key={key} className="product-row">
            <span className="product-row__image sk" />
            <div className="product-row__body">
              <SkeletonText className="product-row__title" size="long" />
              <SkeletonText className="product-row__store" size="short" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="product-grid" aria-hidden="true" data-testid="feed-skeleton">
      {placeholders(4).map((key) => (
        <div key={key} className="product-card card">
          <div className="product-card__image" />
          <div className="product-card__body">
            <div className="product-card__title">
              <SkeletonText size="long" />
            </div>
            <div className="product-card__meta">
              <SkeletonText size="short" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
