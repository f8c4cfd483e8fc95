import type { BargainEditionId } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { myHelpsQuery, thanksQuery } from '../api.ts';
import { EditionShell } from '../components/EditionShell.tsx';
import { idParam } from '../components/PageStates.tsx';
import { bargainPath } from '../edition.ts';
import { rewardText } from '../logic.ts';

/**
 * thankshelpme: the friends who cut for me (?bargainId= one bargain's only) and, on the second
 * tab (?tab=helps: 帮砍记录 opens it), the bargains I cut for, with what I cut and was given.
 * The tab is in the URL so that back from a bargain returns to it.
 */
export default function ThanksPage({ edition }: { edition: BargainEditionId }) {
  const [params, setParams] = useSearchParams();
  const bargainId = idParam(params, 'bargainId') || null;
  const tab = params.get('tab') === 'helps' ? 'helps' : 'thanks';
  const setTab = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', key === 'helps' ? 'helps' : 'thanks');
        return next;
      },
      { replace: true },
    );
  return (
    <EditionShell edition={edition}>
      <Tabs className="bg-tabs" activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="thanks" title="帮我砍的好友" />
        <Tabs.Tab key="helps" title="我帮砍的" />
      </Tabs>
      {tab === 'thanks' ? (
        <Thanks edition={edition} bargainId={bargainId} />
      ) : (
        <MyHelps edition={edition} />
      )}
    </EditionShell>
  );
}

function Thanks({ edition, bargainId }: { edition: BargainEditionId; bargainId: number | null }) {
  const query = useInfiniteQuery(thanksQuery(edition, bargainId));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const totalCut = query.data?.pages[0]?.totalCut ?? 0;
  return (
    <div className="bg-section">
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="还没有好友帮砍" description="邀请好友帮砍，砍到0元免费拿" />}
      >
        <p className="bg-thanks__total" data-testid="thanks-total">
          感谢{query.data?.pages[0]?.total ?? rows.length}位好友，共帮我砍掉{formatPrice(totalCut)}
        </p>
        {rows.map((r) => (
          <article
            key={`${r.bargainId}-${r.createdAt}-${r.nickname}`}
            className="bg-helper card"
            data-testid="thanks-row"
          >
            <Img className="bg-helper__avatar" src={r.avatar} fallback={DEFAULT_AVATAR} alt="" />
            <div className="bg-helper__body">
              <div className="bg-helper__name">
                {r.nickname}
                {r.isNewUser && <span className="bg-tag bg-tag--new">新人</span>}
              </div>
              <div className="bg-helper__time bg-ellipsis">
                {r.title} · {formatDateTime(r.createdAt)}
              </div>
            </div>
            <span className="bg-helper__cut">砍掉{formatPrice(r.cut)}</span>
          </article>
        ))}
        <InfiniteFooter
          hasMore={Boolean(query.hasNextPage)}
          loadMore={() => query.fetchNextPage()}
        />
      </ListStates>
    </div>
  );
}

function MyHelps({ edition }: { edition: BargainEditionId }) {
  const query = useInfiniteQuery(myHelpsQuery(edition));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="bg-section">
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="还没有帮好友砍过" description="好友分享的砍价链接打开即可帮砍" />}
      >
        {rows.map((r) => {
          const reward = rewardText(r.reward);
          return (
            <Link
              key={r.bargainId}
              className="bg-helper card"
              to={bargainPath(r.edition, 'helpBargain', { id: r.bargainId })}
              data-testid="my-help-row"
            >
              <Img className="bg-row__image" src={r.image} alt={r.title} />
              <div className="bg-helper__body">
                <div className="bg-helper__name bg-ellipsis">{r.title}</div>
                <div className="bg-helper__time">
                  {r.starter.nickname}感谢你的帮助{reward ? `，送你${reward}` : ''}
                </div>
              </div>
              <span className="bg-helper__cut">砍掉{formatPrice(r.cut)}</span>
            </Link>
          );
        })}
        <InfiniteFooter
          hasMore={Boolean(query.hasNextPage)}
          loadMore={() => query.fetchNextPage()}
        />
      </ListStates>
    </div>
  );
}
