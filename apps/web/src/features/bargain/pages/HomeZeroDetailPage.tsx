import type { BargainDetailData, BargainEditionId, BargainPost } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ImageViewer, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice, imageUrl } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { loginPath } from '../../../ui/pageConfig.ts';
import { bargainApi, itemQuery, postsQuery, refreshBargain } from '../api.ts';
import { BargainCountdown } from '../components/BargainCountdown.tsx';
import { BargainProgress } from '../components/BargainProgress.tsx';
import { EditionShell } from '../components/EditionShell.tsx';
import { idParam, MissingId, PageStates } from '../components/PageStates.tsx';
import { RulesPopup } from '../components/RulesPopup.tsx';
import { bargainPath } from '../edition.ts';
import { nextStep, rewardText } from '../logic.ts';

/** homeZeroDetail (?id= the item): the item, how it works, my bargain or 发起砍价, and 晒单. */
export default function HomeZeroDetailPage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  if (!id) return <MissingId title="砍价商品不存在" />;
  return <Detail key={id} id={id} edition={edition} />;
}

function Detail({ id, edition }: { id: number; edition: BargainEditionId }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useQuery(itemQuery(id));
  const signedIn = useSession((s) => s.status === 'in');
  const [rules, setRules] = useState(false);
  const [started, setStarted] = useState<BargainDetailData | null>(null);

  const start = useMutation({
    mutationFn: () => bargainApi.start(id),
    onSuccess: (data) => {
      setStarted(data);
      void refreshBargain(queryClient);
    },
    // The global handler toasts the server's msg; the state it names (sold out, running) is
    // worth showing at once.
    onError: () => void query.refetch(),
  });

  const data = query.data;
  if (!data) return <PageStates query={query} goneTitle="砍价商品不存在或已下架" />;
  const { item, mine } = data;
  const reward = rewardText(item.reward);
  const running = mine?.status === 'running' ? mine : null;

  const onStart = () => {
    if (!signedIn) {
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    if (!start.isPending) start.mutate();
  };

  let action: { label: string; onClick: () => void; disabled?: boolean };
  // A running bargain, or a succeeded one not yet ordered, is the way on; else a new start.
  const current =
    mine && (mine.status === 'running' || (mine.status === 'succeeded' && !data.canStart))
      ? mine
      : null;
  if (current) {
    const step = nextStep(current);
    action = { label: step.label, onClick: () => navigate(step.path) };
  } else if (!signedIn) {
    action = { label: '登录发起砍价', onClick: onStart };
  } else if (data.canStart) {
    action = { label: '发起砍价', onClick: onStart };
  } else if (item.stockLeft <= 0) {
    action = { label: '免费名额已领完', onClick: () => {}, disabled: true };
  } else {
    action = { label: '已达参与上限', onClick: () => {}, disabled: true };
  }
  const firstCut = started?.helpers.find((h) => h.isStarter)?.cut ?? 0;

  return (
    <EditionShell edition={edition} themeColor={data.edition.themeColor}>
      <div className="bg-detail">
        <Img className="bg-detail__image" src={item.image} alt={item.title} loading="eager" />
        <section className="bg-detail__info card">
          <h2 className="bg-detail__title">{item.title}</h2>
          {item.skuName && <p className="bg-detail__sku">{item.skuName}</p>}
          <div className="bg-detail__prices">
            <span className="bg-detail__target">
              砍到 <Price fen={item.targetPrice} /> 免费拿
            </span>
            <s>原价{formatPrice(item.price)}</s>
          </div>
          <ul className="bg-facts">
            <li>
              <strong>{item.helpersNeeded}</strong>位好友帮砍
            </li>
            <li>
              <strong>{item.timeLimitHours}</strong>小时内有效
            </li>
            <li>
              剩余<strong>{item.stockLeft}</strong>份
            </li>
          </ul>
          {reward && <p className="bg-detail__reward">好友帮砍可得{reward}</p>}
          <button type="button" className="bg-link" onClick={() => setRules(true)}>
            活动规则
          </button>
        </section>

        {running && (
          <section className="bg-mine card" data-testid="bargain-mine">
            <div className="bg-mine__head">
              <span>我的砍价</span>
              <BargainCountdown
                at={running.expiresAt}
                offsetMs={data.offsetMs}
                label="剩余"
                suffix="结束"
                onReached={() => void query.refetch()}
              />
            </div>
            <BargainProgress bargain={running} withAmounts />
          </section>
        )}

        <ol className="bg-steps card" aria-label="砍价流程">
          <li>发起砍价</li>
          <li>邀请{item.helpersNeeded}位好友</li>
          <li>砍到{formatPrice(item.targetPrice)}</li>
          <li>免费领取</li>
        </ol>

        <Posts itemId={item.id} first={data.posts} total={data.postTotal} />
      </div>

      <footer className="bg-bar">
        <span className="bg-bar__note">已有{item.startedCount}人参与</span>
        <Button
          className="bg-bar__button"
          shape="rounded"
          color="primary"
          loading={start.isPending}
          disabled={action.disabled}
          onClick={action.onClick}
          data-testid="bargain-action"
        >
          {action.label}
        </Button>
      </footer>

      <Popup
        visible={started !== null}
        onMaskClick={() => setStarted(null)}
        bodyClassName={`bg-result bg--${edition}`}
      >
        <div className="bg-result__body" data-testid="bargain-first-cut">
          <h3>砍价发起成功</h3>
          <p>
            你已砍掉 <em>{formatPrice(firstCut)}</em>
          </p>
          {started && (
            <p className="bg-result__note">
              还差{formatPrice(started.bargain.remaining)}，邀请{started.bargain.helpersNeeded}
              位好友帮砍就能免费拿
            </p>
          )}
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => {
              if (started) {
                navigate(
                  bargainPath(edition, 'homeZeroBargain', { id: started.bargain.id, share: 1 }),
                );
              }
            }}
          >
            邀请好友帮砍
          </Button>
        </div>
      </Popup>
      <RulesPopup edition={data.edition} visible={rules} onClose={() => setRules(false)} />
    </EditionShell>
  );
}

/** 晒单: the newest posts come with the item; 查看更多 pages through the rest. */
function Posts({ itemId, first, total }: { itemId: number; first: BargainPost[]; total: number }) {
  const [more, setMore] = useState(false);
  const [viewing, setViewing] = useState<{ images: string[]; index: number } | null>(null);
  const pages = useInfiniteQuery({ ...postsQuery(itemId), enabled: more });
  const posts = more && pages.data ? pages.data.pages.flatMap((p) => p.list) : first;
  return (
    <section className="bg-posts card" aria-label="晒单" data-testid="bargain-posts">
      <h3 className="bg-section__title">晒单（{total}）</h3>
      {posts.length === 0 && <p className="bg-helpers__empty">还没有人晒单，领到后来晒一晒吧</p>}
      {posts.map((post) => (
        <article key={post.id} className="bg-post" data-testid="bargain-post">
          <header>
            <Img className="bg-helper__avatar" src={post.avatar} fallback={DEFAULT_AVATAR} alt="" />
            <span className="bg-post__name">{post.nickname}</span>
            <time>{formatDateTime(post.createdAt)}</time>
          </header>
          <p className="bg-post__text">{post.content}</p>
          {post.images.length > 0 && (
            <div className="bg-post__images">
              {post.images.map((src, index) => (
                <button
                  type="button"
                  key={src}
                  onClick={() => setViewing({ images: post.images.map((i) => imageUrl(i)), index })}
                >
                  <Img src={src} alt="晒单图片" />
                </button>
              ))}
            </div>
          )}
        </article>
      ))}
      {!more && total > first.length && (
        <button type="button" className="bg-link" onClick={() => setMore(true)}>
          查看全部{total}条晒单
        </button>
      )}
      {more && pages.hasNextPage && (
        <button
          type="button"
          className="bg-link"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          加载更多
        </button>
      )}
      <ImageViewer.Multi
        images={viewing?.images ?? []}
        visible={viewing !== null}
        defaultIndex={viewing?.index ?? 0}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
