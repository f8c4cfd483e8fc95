import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { HeartOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { formatCount } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { FollowedHostList } from '../../../ui/live/FollowedHostList.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { focusApi } from '../../../ui/product/productApi.ts';
import { showToast } from '../../../ui/toast.ts';
import '../myLists.css';

const KEY = ['focus', 'list'] as const;

const TABS = [
  { key: 'store', title: '店铺' },
  { key: 'host', title: '主播' },
] as const;

/** 我的关注: followed stores and followed live hosts (?tab=host opens the second). */
export default function FollowPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'host' ? 'host' : 'store';
  return (
    <div className="my-follow">
      <Tabs
        className="my-follow__tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'host' ? { tab: 'host' } : {}, { replace: true })}
      >
        {TABS.map((t) => (
          <Tabs.Tab
            key={t.key}
            title={<span data-testid={`follow-tab-${t.key}`}>{t.title}</span>}
          />
        ))}
      </Tabs>
      {tab === 'host' ? <FollowedHostList /> : <FollowedStoreList />}
    </div>
  );
}

function FollowedStoreList() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => focusApi.list({ pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });
  const unfollow = useMutation({
    mutationFn: (storeId: number) => focusApi.remove(storeId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['store'] });
      showToast('已取消关注');
    },
  });
  const stores = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={stores.length === 0}
      empty={<EmptyState icon={<HeartOutline />} title="还没有关注的店铺" />}
    >
      <div className="my-list">
        {stores.map((store) => (
          <div key={store.id} className="my-item">
            <Link to={`${PATHS.store}?id=${store.id}`} className="my-item__link">
              <Img
                className="my-item__image my-item__image--logo"
                src={store.logo}
                alt={store.name}
              />
              <div className="my-item__body">
                <div className="my-item__title">{store.name}</div>
                <div className="my-item__sub">
                  {formatCount(store.followerCount)}人关注 · 在售{store.productCount}件
                </div>
              </div>
            </Link>
            <button type="button" className="my-item__op" onClick={() => unfollow.mutate(store.id)}>
              取消关注
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
