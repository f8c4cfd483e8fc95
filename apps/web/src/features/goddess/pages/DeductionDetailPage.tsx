import { useInfiniteQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { nextPage } from '../../../core/queries.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { goddessApi, goddessKeys } from '../api.ts';
import { JoinPrompt } from '../components/JoinPrompt.tsx';
import { PersonRow } from '../components/PersonRow.tsx';
import '../goddess.css';

const PAGE_SIZE = 20;

/**
 * rootPages/goddess/deductionDetail (抵扣明细): the 抵扣金 my invitations earned, each with the
 * friend, and the total; the balance itself is spent as the red-packet balance at checkout.
 */
export default function DeductionDetailPage() {
  const query = useInfiniteQuery({
    queryKey: goddessKeys.deductions,
    queryFn: ({ pageParam }) => goddessApi.deductions(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
  const first = query.data?.pages[0];
  if (!first) {
    return (
      <div className="gd-page gd-page--center">
        {query.isError ? (
          <button type="button" className="gd-muted" onClick={() => void query.refetch()}>
            加载失败，点击重试
          </button>
        ) : (
          <DotLoading />
        )}
      </div>
    );
  }
  if (!first.joined) {
    return (
      <div className="gd-page">
        <JoinPrompt text="加入女神帮并邀请好友，即可获得抵扣金" />
      </div>
    );
  }
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="gd-page" data-testid="goddess-deductions">
      <section className="gd-card">
        <div className="gd-total">
          <span>累计获得抵扣金</span>
          <b data-testid="goddess-earned">{formatPrice(first.earned)}</b>
        </div>
        <p className="gd-muted">
          抵扣金已计入红包余额，下单时自动抵扣。
          <Link to={PATHS.redPacket}>查看红包余额 ›</Link>
        </p>
      </section>
      <section className="gd-card">
        <h3>抵扣金明细</h3>
        <ListStates
          query={query}
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon={<BillOutline />}
              title="暂无抵扣金"
              description="邀请好友加入女神帮即可获得"
            />
          }
        >
          {rows.map((d) => (
            <PersonRow
              key={d.friendId}
              testId="goddess-deduction"
              avatar={d.friendAvatar}
              nickname={`邀请 ${d.friendNickname || '好友'} 加入`}
              sub={formatDateTime(d.createdAt)}
              extra={`+${formatPrice(d.amount)}`}
            />
          ))}
          <InfiniteFooter
            hasMore={query.hasNextPage}
            loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          />
        </ListStates>
      </section>
    </div>
  );
}
