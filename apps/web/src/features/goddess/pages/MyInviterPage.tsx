import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { nextPage } from '../../../core/queries.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { goddessApi, goddessKeys } from '../api.ts';
import { JoinPrompt } from '../components/JoinPrompt.tsx';
import { PersonRow } from '../components/PersonRow.tsx';
import '../goddess.css';

const PAGE_SIZE = 20;

/** rootPages/goddess/MyInviter (我的邀请): who invited me, and the friends I invited. */
export default function MyInviterPage() {
  const inviter = useQuery({ queryKey: goddessKeys.inviter, queryFn: goddessApi.inviter });
  const friends = useInfiniteQuery({
    queryKey: goddessKeys.friends,
    queryFn: ({ pageParam }) => goddessApi.friends(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
  const me = inviter.data;
  if (!me) {
    return (
      <div className="gd-page gd-page--center">
        {inviter.isError ? (
          <button type="button" className="gd-muted" onClick={() => void inviter.refetch()}>
            加载失败，点击重试
          </button>
        ) : (
          <DotLoading />
        )}
      </div>
    );
  }
  if (!me.joined) {
    return (
      <div className="gd-page">
        <JoinPrompt text="加入女神帮后，即可邀请好友获得抵扣金" />
      </div>
    );
  }
  const rows = friends.data?.pages.flatMap((p) => p.list) ?? [];
  const total = friends.data?.pages[0]?.total ?? 0;
  return (
    <div className="gd-page" data-testid="goddess-my-inviter">
      <section className="gd-card">
        <h3>我的邀请人</h3>
        {me.inviter ? (
          <PersonRow
            testId="goddess-inviter"
            avatar={me.inviter.avatar}
            nickname={me.inviter.nickname}
            sub={me.joinedAt ? `${formatDateTime(me.joinedAt)} 通过 TA 的邀请加入` : ''}
          />
        ) : (
          <p className="gd-muted">您是自己加入女神帮的，没有邀请人</p>
        )}
      </section>
      <section className="gd-card">
        <h3>我邀请的好友（{total}）</h3>
        <ListStates
          query={friends}
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon={<TeamOutline />}
              title="还没有邀请好友"
              description="分享邀请链接，好友加入后您可获得抵扣金"
            />
          }
        >
          {rows.map((f) => (
            <PersonRow
              key={f.userId}
              testId="goddess-friend"
              avatar={f.avatar}
              nickname={f.nickname}
              sub={`${formatDateTime(f.joinedAt)} 加入`}
              extra={
                f.rewarded ? (
                  `+${formatPrice(f.reward)}`
                ) : (
                  <span className="gd-person__extra--off">超出当日上限，未奖励</span>
                )
              }
            />
          ))}
          <InfiniteFooter
            hasMore={friends.hasNextPage}
            loadMore={() => nextPageOrThrow(friends.fetchNextPage)}
          />
        </ListStates>
      </section>
    </div>
  );
}
