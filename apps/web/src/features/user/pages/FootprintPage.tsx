import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { browseApi } from '../../../ui/product/productApi.ts';
import { showToast } from '../../../ui/toast.ts';
import '../myLists.css';

const KEY = ['browse', 'list'] as const;

/** Footprints grouped by day; a page may continue the previous page's day. */
export default function FootprintPage() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => browseApi.list({ pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.list.reduce((m, d) => m + d.items.length, 0), 0);
      return loaded < last.total && last.list.length > 0 ? last.pageNum + 1 : undefined;
    },
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (id: number) => browseApi.remove([id]),
    onSuccess: () => void invalidate(),
  });
  const clear = useMutation({
    mutationFn: browseApi.clear,
    onSuccess: () => {
      void invalidate();
      showToast('足迹已清空');
    },
  });

  const days = new Map<
    string,
    NonNullable<typeof query.data>['pages'][number]['list'][number]['items']
  >();
  for (const page of query.data?.pages ?? []) {
    for (const day of page.list) days.set(day.date, [...(days.get(day.date) ?? []), ...day.items]);
  }

  return (
    <ListStates
      query={query}
      isEmpty={days.size === 0}
      empty={
        <EmptyState icon={<ClockCircleOutline />} title="暂无浏览记录" description="去逛逛吧" />
      }
    >
      <div className="my-list">
        <div className="my-list__tools">
          <button
            type="button"
            onClick={async () => {
              const ok = await Dialog.confirm({
                content: '确定清空全部足迹吗？',
                confirmText: '清空',
                cancelText: '取消',
              });
              if (ok) clear.mutate();
            }}
          >
            清空足迹
          </button>
        </div>
        {[...days].map(([date, items]) => (
          <section key={date}>
            <h3 className="my-list__day">{date}</h3>
            {items.map((item) => (
              <div
                key={item.footprintId}
                className={item.invalid ? 'my-item is-invalid' : 'my-item'}
              >
                <Link to={`${PATHS.product}?id=${item.id}`} className="my-item__link">
                  <Img className="my-item__image" src={item.image} alt={item.title} />
                  <div className="my-item__body">
                    <div className="my-item__title text-clamp-2">{item.title}</div>
                    <div className="my-item__sub">
                      {item.invalid ? '商品已失效' : item.storeName}
                    </div>
                    <Price fen={item.price} />
                  </div>
                </Link>
                <button
                  type="button"
                  className="my-item__op"
                  onClick={() => remove.mutate(item.footprintId)}
                >
                  删除
                </button>
              </div>
            ))}
          </section>
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
        />
      </div>
    </ListStates>
  );
}
