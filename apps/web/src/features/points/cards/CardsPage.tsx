import {
  type CardExchangeData,
  type CardHolding,
  type CardsHomeData,
  PHONE_REGEX,
} from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDate, formatDateTime } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { cardLogQuery, cardsApi, cardsHomeQuery, refreshCards } from './api.ts';
import './cards.css';

/** ?campaignId= as a positive integer (a notice's link), else the campaign running now. */
function campaignParam(params: URLSearchParams): number | null {
  const n = Number(params.get('campaignId'));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * 集卡有礼: my count of each card kind (greyed at 0, the rare one marked), how to earn cards (a
 * card a day each from the sign-in, a paid order and a share), giving a card to a friend by phone,
 * exchanging a full set for the reward, and my card log.
 */
export default function CardsPage() {
  const [params] = useSearchParams();
  const home = useQuery(cardsHomeQuery(campaignParam(params)));

  if (!home.data) {
    if (home.isError) {
      const none = isApiError(home.error) && home.error.code === 404;
      return (
        <ErrorBlock
          status={none ? 'empty' : 'default'}
          title={none ? '暂无集卡活动' : '加载失败'}
          description={none ? '敬请期待下一期集卡有礼' : '请稍后重试'}
        >
          {!none && (
            <Button size="small" shape="rounded" onClick={() => void home.refetch()}>
              重新加载
            </Button>
          )}
        </ErrorBlock>
      );
    }
    return <PageLoading />;
  }
  return <Cards data={home.data} />;
}

function Cards({ data }: { data: CardsHomeData }) {
  const queryClient = useQueryClient();
  const { campaign } = data;
  const active = campaign.status === 'active';
  const [done, setDone] = useState<CardExchangeData | null>(null);

  const exchange = useMutation({
    mutationFn: () => cardsApi.exchange(campaign.id),
    onSuccess: (result) => {
      setDone(result);
      showSuccess('兑换成功');
      void refreshCards(queryClient);
    },
    onError: () => void refreshCards(queryClient),
  });

  const statusText =
    campaign.status === 'upcoming' ? '活动未开始' : campaign.status === 'ended' ? '活动已结束' : '';
  let exchangeText = '兑换奖励';
  if (data.exchanges >= campaign.maxExchanges) exchangeText = '已兑换';
  else if (!data.complete) exchangeText = '集齐后可兑换';

  return (
    <div className="cd-page">
      <section className="cd-head">
        <h2 data-testid="cards-title">{campaign.title}</h2>
        <p>
          {formatDate(campaign.startAt)} - {formatDate(campaign.endAt)}
          {statusText && <em className="cd-head__status">{statusText}</em>}
        </p>
        <p className="cd-head__reward" data-testid="cards-reward">
          集齐 {campaign.kinds.length} 种卡片可兑换：{campaign.rewardText}
        </p>
      </section>

      <section className="cd-grid card" aria-label="我的卡片">
        {data.cards.map((c) => (
          <CardTile key={c.kindId} card={c} />
        ))}
        <div className="cd-grid__foot">
          <span data-testid="cards-exchanges">
            已兑换 {data.exchanges}/{campaign.maxExchanges} 次
          </span>
          <Button
            color="primary"
            shape="rounded"
            size="small"
            data-testid="cards-exchange"
            disabled={!data.canExchange}
            loading={exchange.isPending}
            onClick={() => exchange.mutate()}
          >
            {exchangeText}
          </Button>
        </div>
        {done && (
          <div className="cd-done" data-testid="cards-exchanged">
            兑换成功，获得 {done.rewardText}
            <Link to={done.link}>去查看</Link>
          </div>
        )}
      </section>

      <HowToEarn data={data} active={active} />
      {active && <GiveCard data={data} />}
      <CardLog campaignId={campaign.id} />
    </div>
  );
}

function CardTile({ card }: { card: CardHolding }) {
  return (
    <div
      className={card.count > 0 ? 'cd-tile' : 'cd-tile is-empty'}
      data-testid={`card-${card.name}`}
      data-count={card.count}
    >
      {card.rare && <span className="cd-tile__rare">稀有</span>}
      <strong>{card.name}</strong>
      <span className="cd-tile__count">×{card.count}</span>
    </div>
  );
}

function HowToEarn({ data, active }: { data: CardsHomeData; active: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: async () => {
      // The share itself: the page's link to the clipboard where the browser allows it.
      const link = `${window.location.origin}${window.location.pathname}#${PATHS.integralCards}`;
      await navigator.clipboard?.writeText(link).catch(() => undefined);
      return cardsApi.share(data.campaign.id);
    },
    onSuccess: (r) => {
      if (r.card) showSuccess(`链接已复制，获得「${r.card.name}」卡`);
      else showToast('链接已复制，今天的分享卡已领取');
      void refreshCards(queryClient);
    },
  });
  const rows = [
    {
      key: 'signin',
      title: '每日签到',
      done: data.earnedToday.signin,
      action: () => navigate(PATHS.integral),
      label: '去签到',
    },
    {
      key: 'order',
      title: '下单支付',
      done: data.earnedToday.order,
      action: () => navigate(PATHS.home),
      label: '去购物',
    },
    {
      key: 'share',
      title: '分享活动',
      done: data.earnedToday.share,
      action: () => share.mutate(),
      label: '去分享',
    },
  ];
  return (
    <section className="cd-earn card" aria-label="如何获得卡片">
      <h3>如何获得卡片</h3>
      <p className="cd-note">以下每项每天可得一张随机卡片，也可以请好友赠送</p>
      {rows.map((r) => (
        <div key={r.key} className="cd-earn__row" data-testid={`cards-earn-${r.key}`}>
          <span>{r.title}</span>
          <Button
            size="mini"
            shape="rounded"
            color="primary"
            fill={r.done ? 'outline' : 'solid'}
            disabled={r.done || !active}
            loading={r.key === 'share' && share.isPending}
            onClick={r.action}
          >
            {r.done ? '今日已得' : r.label}
          </Button>
        </div>
      ))}
    </section>
  );
}

function GiveCard({ data }: { data: CardsHomeData }) {
  const queryClient = useQueryClient();
  const [kindId, setKindId] = useState<number | null>(null);
  const [phone, setPhone] = useState('');
  const give = useMutation({
    mutationFn: (p: { kindId: number; phone: string }) =>
      cardsApi.give(data.campaign.id, p.kindId, p.phone),
    onSuccess: (r) => {
      showSuccess(`已将「${r.name}」卡赠送给 ${r.to}`);
      setPhone('');
      // The last card of the kind went: nothing of it is left to give.
      if (r.count === 0) setKindId(null);
      void refreshCards(queryClient);
    },
  });
  const submit = () => {
    if (kindId === null) return showToast('请选择要赠送的卡片');
    const p = phone.trim();
    if (!PHONE_REGEX.test(p)) return showToast('请输入正确的手机号');
    give.mutate({ kindId, phone: p });
  };
  return (
    <section className="cd-give card" aria-label="赠送好友">
      <h3>赠送好友</h3>
      <div className="cd-give__kinds">
        {data.cards.map((c) => (
          <button
            key={c.kindId}
            type="button"
            className={kindId === c.kindId ? 'is-picked' : undefined}
            disabled={c.count === 0}
            data-testid={`cards-give-kind-${c.name}`}
            onClick={() => setKindId(c.kindId)}
          >
            {c.name}
          </button>
        ))}
      </div>
      <Input
        className="cd-give__phone"
        placeholder="好友的手机号"
        type="tel"
        maxLength={11}
        value={phone}
        onChange={setPhone}
        data-testid="cards-give-phone"
      />
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="cards-give"
        loading={give.isPending}
        onClick={submit}
      >
        赠送
      </Button>
    </section>
  );
}

function CardLog({ campaignId }: { campaignId: number }) {
  const log = useInfiniteQuery(cardLogQuery(campaignId));
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="cd-log card" aria-label="卡片记录">
      <h3>卡片记录</h3>
      {rows.length === 0 && !log.isPending && <p className="cd-note">还没有卡片记录</p>}
      {rows.map((r) => (
        <div key={r.id} className="cd-log__row" data-testid="cards-log-row">
          <div>
            <div>
              {r.title} · 「{r.name}」
            </div>
            <small>{formatDateTime(r.createdAt)}</small>
          </div>
          <strong className={r.delta > 0 ? 'is-in' : 'is-out'}>
            {r.delta > 0 ? `+${r.delta}` : r.delta}
          </strong>
        </div>
      ))}
      {log.hasNextPage && (
        <Button
          block
          fill="none"
          size="small"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          加载更多
        </Button>
      )}
    </section>
  );
}
