import type { BargainEditionId, BargainStatus } from '@chaopin/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { Price } from '../../../ui/Price.tsx';
import { detailQuery, mineQuery } from '../api.ts';
import { BargainCountdown } from '../components/BargainCountdown.tsx';
import { BargainProgress } from '../components/BargainProgress.tsx';
import { BargainRow } from '../components/BargainRow.tsx';
import { EditionShell } from '../components/EditionShell.tsx';
import { HelperList } from '../components/HelperList.tsx';
import { idParam, PageStates } from '../components/PageStates.tsx';
import { ShareSheet } from '../components/ShareSheet.tsx';
import { bargainPath } from '../edition.ts';
import { helpsLeft, nextStep } from '../logic.ts';

/**
 * homeZeroBargain: with ?id= one of my bargains (what is left, the countdown, who cut, 邀请好友
 * 帮砍; ?share=1 opens the share sheet at once), without it the list of my bargains.
 */
export default function HomeZeroBargainPage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  if (!id) return <MyBargains edition={edition} />;
  return <MyBargain key={id} id={id} edition={edition} share={params.get('share') === '1'} />;
}

const TABS: { key: BargainStatus | 'all'; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'running', title: '砍价中' },
  { key: 'succeeded', title: '砍价成功' },
  { key: 'expired', title: '已过期' },
];

function MyBargains({ edition }: { edition: BargainEditionId }) {
  const [status, setStatus] = useState<BargainStatus | 'all'>('all');
  const query = useInfiniteQuery(mineQuery(edition, status));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <EditionShell edition={edition}>
      <Tabs
        className="bg-tabs"
        activeKey={status}
        onChange={(key) => setStatus(key as BargainStatus | 'all')}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="bg-section">
        <ListStates
          query={query}
          isEmpty={rows.length === 0}
          empty={
            <EmptyState title="还没有砍价" description="挑一件喜欢的商品，邀请好友帮砍免费拿">
              <Link className="bg-btn" to={bargainPath(edition, 'homeZeroYuan')}>
                去看看
              </Link>
            </EmptyState>
          }
        >
          {rows.map((b) => (
            <BargainRow key={b.id} bargain={b} />
          ))}
          <InfiniteFooter
            hasMore={Boolean(query.hasNextPage)}
            loadMore={() => query.fetchNextPage()}
          />
        </ListStates>
      </div>
    </EditionShell>
  );
}

function MyBargain({
  id,
  edition,
  share,
}: {
  id: number;
  edition: BargainEditionId;
  share: boolean;
}) {
  const navigate = useNavigate();
  const query = useQuery({ ...detailQuery(id), refetchInterval: 15_000 });
  const [sharing, setSharing] = useState(share);
  const data = query.data;
  // A friend's bargain opened here (an old link): its help page is the one for them.
  const foreign = data !== undefined && !data.isOwner;
  useEffect(() => {
    if (data && data.bargain.status !== 'running') setSharing(false);
  }, [data]);
  if (foreign) return <Navigate replace to={bargainPath(edition, 'helpBargain', { id })} />;
  if (!data) return <PageStates query={query} goneTitle="砍价不存在" />;

  const { bargain, item } = data;
  const step = nextStep(bargain);
  const left = helpsLeft(bargain);
  return (
    <EditionShell edition={edition} themeColor={data.edition.themeColor}>
      <section className="bg-panel card" data-testid="bargain-panel">
        <div className="bg-panel__goods">
          <Img className="bg-row__image" src={bargain.image} alt={bargain.title} />
          <div>
            <div className="text-clamp-2">{bargain.title}</div>
            <div className="bg-item__prices">
              当前价 <Price fen={bargain.currentPrice} />
              <s>{formatPrice(bargain.originalPrice)}</s>
            </div>
          </div>
        </div>
        <p className="bg-panel__status" data-testid="bargain-status">
          {bargain.status === 'running'
            ? `已砍${formatPrice(bargain.originalPrice - bargain.currentPrice)}，还需${left}位好友帮砍`
            : bargain.status === 'succeeded'
              ? `砍价成功！可免费领取${item.title}`
              : '砍价已过期，可以重新发起'}
        </p>
        <BargainProgress bargain={bargain} withAmounts />
        {bargain.status === 'running' && (
          <BargainCountdown
            at={bargain.expiresAt}
            offsetMs={data.offsetMs}
            label="剩余"
            suffix="结束"
            onReached={() => void query.refetch()}
          />
        )}
        {bargain.status === 'succeeded' && bargain.claimDeadline && !data.claim && (
          <BargainCountdown
            at={bargain.claimDeadline}
            offsetMs={data.offsetMs}
            label="请在"
            suffix="内领取"
            onReached={() => void query.refetch()}
          />
        )}
        {bargain.status === 'running' ? (
          <Button
            block
            shape="rounded"
            color="primary"
            data-testid="bargain-invite"
            onClick={() => setSharing(true)}
          >
            邀请好友帮砍
          </Button>
        ) : (
          <Button
            block
            shape="rounded"
            color="primary"
            data-testid="bargain-next"
            onClick={() => navigate(step.path)}
          >
            {step.label}
          </Button>
        )}
        <Link className="bg-link" to={bargainPath(edition, 'thankshelpme', { bargainId: id })}>
          感谢帮我砍价的好友
        </Link>
      </section>

      <section className="bg-section card">
        <h3 className="bg-section__title">砍价记录</h3>
        <HelperList helpers={data.helpers} />
      </section>

      <ShareSheet
        visible={sharing}
        onClose={() => setSharing(false)}
        edition={edition}
        bargainId={bargain.id}
        sharePath={data.sharePath}
        title={bargain.title}
        image={bargain.image}
        remaining={bargain.remaining}
        starter={data.starter.nickname}
      />
    </EditionShell>
  );
}
