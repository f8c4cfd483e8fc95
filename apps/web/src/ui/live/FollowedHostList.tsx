import type { LiveFollowedHost } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { UserAddOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import { formatCount } from '../../core/format.ts';
import { EmptyState } from '../EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../InfiniteFooter.tsx';
import { ListStates } from '../ListStates.tsx';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { followedHostsQuery, liveApi, liveKeys } from './liveApi.ts';
import './liveHost.css';

/** 我的关注 › 主播: followed hosts, a 直播中 badge into the live room, 取消关注. */
export function FollowedHostList() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(followedHostsQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const unfollow = useMutation({
    mutationFn: (hostId: number) => liveApi.follow(hostId, false),
    meta: { toast: false },
    onSuccess: () => {
      showToast('已取消关注');
      // This list, and the play pages' follow button and counts.
      void queryClient.invalidateQueries({ queryKey: liveKeys.all });
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const confirm = async (row: LiveFollowedHost) => {
    const ok = await Dialog.confirm({
      content: `确定不再关注「${row.host.nickname}」吗？`,
      confirmText: '取消关注',
      cancelText: '再想想',
    });
    if (ok) unfollow.mutate(row.host.id);
  };

  return (
    <ListStates
      query={query}
      isEmpty={rows.length === 0}
      empty={
        <EmptyState
          icon={<UserAddOutline />}
          title="还没有关注的主播"
          description="去直播间看看，关注喜欢的主播吧"
        >
          <Link className="lh-link" to={PATHS.live}>
            去看直播
          </Link>
        </EmptyState>
      }
    >
      <div className="my-list">
        {rows.map((row) => {
          const avatar = (
            <span className={`lh-fhost__avatar${row.liveRoomId ? ' is-live' : ''}`}>
              <Img src={row.host.avatar} fallback={DEFAULT_AVATAR} alt={row.host.nickname} />
              {row.liveRoomId && <em className="lh-fhost__live">直播中</em>}
            </span>
          );
          const body = (
            <span className="my-item__body">
              <span className="my-item__title lh-fhost__nick">{row.host.nickname}</span>
              <span className="my-item__sub">{formatCount(row.host.followers)}粉丝</span>
            </span>
          );
          return (
            <div key={row.host.id} className="my-item" data-testid="followed-host">
              {row.liveRoomId ? (
                <Link
                  to={`${PATHS.livePlay}?id=${row.liveRoomId}`}
                  className="my-item__link"
                  data-testid="followed-host-live"
                >
                  {avatar}
                  {body}
                </Link>
              ) : (
                <div className="my-item__link">
                  {avatar}
                  {body}
                </div>
              )}
              <button
                type="button"
                className="my-item__op"
                disabled={unfollow.isPending && unfollow.variables === row.host.id}
                onClick={() => void confirm(row)}
              >
                取消关注
              </button>
            </div>
          );
        })}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
        />
      </div>
    </ListStates>
  );
}
