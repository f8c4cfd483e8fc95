import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { StarOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { collectionApi } from '../../../ui/product/productApi.ts';
import { showToast } from '../../../ui/toast.ts';
import '../myLists.css';

const KEY = ['collection', 'list'] as const;

export default function CollectionPage() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => collectionApi.list({ pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });
  const remove = useMutation({
    mutationFn: (id: number) => collectionApi.remove([id]),
    onSuccess: (_d, id) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['goods', 'detail', id] });
      showToast('已取消收藏');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败'),
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={items.length === 0}
      empty={
        <EmptyState
          icon={<StarOutline />}
          title="还没有收藏的商品"
          description="看到喜欢的就收藏吧"
        />
      }
    >
      <div className="my-list">
        {items.map((item) => (
          <div key={item.id} className={item.invalid ? 'my-item is-invalid' : 'my-item'}>
            <Link to={`${PATHS.product}?id=${item.id}`} className="my-item__link">
              <Img className="my-item__image" src={item.image} alt={item.title} />
              <div className="my-item__body">
                <div className="my-item__title text-clamp-2">{item.title}</div>
                <div className="my-item__sub">{item.invalid ? '商品已失效' : item.storeName}</div>
                <Price fen={item.price} />
              </div>
            </Link>
            <button type="button" className="my-item__op" onClick={() => remove.mutate(item.id)}>
              取消收藏
            </button>
          </div>
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
        />
      </div>
    </ListStates>
  );
}
