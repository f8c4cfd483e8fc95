import type { FarmHarvestData, FarmHomeData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ProgressBar } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { copyText } from '../../../core/clipboard.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { farmApi, farmKeys, helpLink, helpParam } from '../api.ts';
import { FarmTreeArt, fruitColour } from '../FarmTree.tsx';
import '../farm.css';
import { formatDateTime } from '../../../core/format.ts';
import { errorText } from '../errorText.ts';
import { HarvestButton } from '../HarvestButton.tsx';
import { HelpFriend } from '../HelpFriend.tsx';
import { Planting } from '../Planting.tsx';

/**
 * rootPages/farm/farm: plant a fruit tree, collect water, water it through five stages and harvest
 * a coupon or the real fruit. ?help=<userId> (a friend's share link) offers to help that friend;
 * ?harvest=1 keeps the harvest sheet open across a trip to the address picker.
 */
export default function FarmPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useQuery({ queryKey: farmKeys.home, queryFn: farmApi.home });
  const [watering, setWatering] = useState(false);
  const [won, setWon] = useState<FarmHarvestData | null>(null);

  const update = (data: FarmHomeData) => queryClient.setQueryData(farmKeys.home, data);
  const onError = (error: unknown) => showToast(errorText(error));
  const collect = useMutation({
    mutationFn: farmApi.collect,
    onSuccess: (data) => {
      update(data);
      showSuccess(`领到 ${data.tasks.dailyWater} 滴水`);
    },
    onError,
  });
  const water = useMutation({
    mutationFn: farmApi.water,
    onMutate: () => setWatering(true),
    onSuccess: update,
    onError,
    onSettled: () => setTimeout(() => setWatering(false), 900),
  });
  const share = useMutation({ mutationFn: farmApi.share, onSuccess: update });

  const data = home.data;
  if (!data) {
    return (
      <div className="farm-page farm-page--center">
        {home.isError ? (
          <Button onClick={() => void home.refetch()}>加载失败，点击重试</Button>
        ) : (
          <DotLoading />
        )}
      </div>
    );
  }
  const tree = data.tree;
  const live = tree && (tree.state !== 'harvested' || tree.claimable) ? tree : null;
  const friendId = helpParam(params);
  const link = helpLink(data.userId, PATHS.farm);

  const copyLink = async (andShare: boolean) => {
    const ok = await copyText(link);
    if (!ok) {
      showToast('复制失败，请手动复制');
      return;
    }
    if (andShare && !data.tasks.sharedToday) {
      try {
        await share.mutateAsync();
        showSuccess(`链接已复制，分享得 ${data.tasks.shareWater} 滴水`);
        return;
      } catch {
        // Already shared today: the copy still worked.
      }
    }
    showSuccess('助力链接已复制，快去分享给好友吧');
  };

  return (
    <div className="farm-page" data-testid="farm-page">
      {friendId !== null && friendId !== data.userId && (
        <HelpFriend friendId={friendId} onDone={() => setParams({}, { replace: true })} />
      )}

      <section className="farm-field">
        <div className="farm-kettle" data-testid="farm-kettle">
          <svg className="farm-kettle__icon" viewBox="0 0 16 16" aria-hidden>
            <path d="M8 1 C8 1 3 7 3 10 a5 5 0 0 0 10 0 C13 7 8 1 8 1 z" fill="#42a5f5" />
          </svg>
          水壶 <b>{data.kettle}</b> 滴
          {data.kettleDebt > 0 && (
            <span className="farm-kettle__debt" data-testid="farm-kettle-debt">
              （退款待扣 {data.kettleDebt} 滴）
            </span>
          )}
        </div>
        {live ? (
          <>
            <FarmTreeArt stage={live.stage} fruitId={live.fruitId} watering={watering} />
            <div className="farm-status">
              <div className="farm-status__name">
                {live.fruitName}
                <span className="farm-stage" data-testid="farm-stage">
                  {live.stageName}
                </span>
              </div>
              <ProgressBar
                percent={live.percent}
                className="farm-progress"
                style={{ '--fill-color': fruitColour(live.fruitId) } as CSSProperties}
              />
              <div className="farm-status__numbers" data-testid="farm-progress">
                成长 {live.growth}/{live.waterNeeded}（{live.percent}%）
                {live.nextStagePercent !== null && live.state === 'growing'
                  ? ` · ${live.nextStagePercent}% 进入${data.stageNames[live.stage + 1] ?? ''}`
                  : ''}
              </div>
              <div className="farm-status__reward">成熟可得：{live.rewardTitle}</div>
            </div>
            {live.claimable ? (
              <HarvestButton
                treeId={live.id}
                product={live.reward === 'product'}
                skuId={live.skuId}
                sheetOpen={params.get('harvest') === '1'}
                setSheetOpen={(open) => setParams(open ? { harvest: '1' } : {}, { replace: true })}
                onWon={(result) => {
                  void queryClient.invalidateQueries({ queryKey: farmKeys.home });
                  if (result.order && result.order.payAmount > 0) {
                    navigate(payPagePath(result.order));
                    return;
                  }
                  setWon(result);
                }}
              />
            ) : (
              <Button
                className="farm-water"
                color="primary"
                shape="rounded"
                size="large"
                data-testid="farm-water"
                loading={water.isPending}
                onClick={() => water.mutate()}
              >
                浇水（-{data.tasks.waterStep}滴）
              </Button>
            )}
          </>
        ) : (
          <Planting lastHarvest={tree?.state === 'harvested' ? tree.rewardTitle : null} />
        )}
      </section>

      <section className="farm-card" aria-label="领水任务">
        <h3>领水任务</h3>
        <TaskRow
          title="每日领水"
          note={`每天可领 ${data.tasks.dailyWater} 滴`}
          done={data.tasks.collectedToday}
          action={data.tasks.collectedToday ? '已领取' : '领水'}
          testId="farm-collect"
          loading={collect.isPending}
          onClick={() => collect.mutate()}
        />
        <TaskRow
          title="下单得水"
          note={`每笔支付成功的订单得 ${data.tasks.orderWater} 滴（今日 ${data.tasks.ordersToday} 笔）`}
          action="去逛逛"
          onClick={() => navigate(PATHS.home)}
        />
        <TaskRow
          title="好友助力"
          note={`好友每天可帮你浇 ${data.tasks.helpWater} 滴（今日 ${data.tasks.helpsToday} 位）`}
          action="邀请"
          onClick={() => void copyLink(false)}
        />
        <TaskRow
          title="分享果园"
          note={`每天分享得 ${data.tasks.shareWater} 滴`}
          done={data.tasks.sharedToday}
          action={data.tasks.sharedToday ? '已分享' : '分享'}
          onClick={() => void copyLink(true)}
        />
      </section>

      <section className="farm-card" aria-label="水滴记录">
        <h3>水滴记录</h3>
        {data.log.length === 0 ? (
          <p className="farm-muted">还没有记录，先去领水吧</p>
        ) : (
          <ul className="farm-log" data-testid="farm-log">
            {data.log.map((l) => (
              <li key={l.id}>
                <span>{l.sourceText}</span>
                <span className="farm-muted">{formatDateTime(l.createdAt)}</span>
                <b className={l.amount > 0 ? 'farm-plus' : 'farm-minus'}>
                  {l.amount > 0 ? `+${l.amount}` : l.amount}
                </b>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog
        visible={won !== null}
        title="收获成功"
        content={
          <div className="farm-won" data-testid="farm-won">
            获得「{won?.title}」
            {won?.reward === 'product' ? '，果子将尽快发出' : '，已放入我的优惠券'}
          </div>
        }
        closeOnAction
        onClose={() => setWon(null)}
        actions={[
          [
            { key: 'again', text: '再种一棵', onClick: () => setWon(null) },
            {
              key: 'see',
              text: won?.reward === 'product' ? '查看订单' : '查看优惠券',
              bold: true,
              onClick: () => {
                if (won) navigate(won.link);
              },
            },
          ],
        ]}
      />
    </div>
  );
}

function TaskRow(p: {
  title: string;
  note: string;
  action: string;
  done?: boolean;
  loading?: boolean;
  testId?: string;
  onClick: () => void;
}) {
  return (
    <div className="farm-task">
      <div>
        <div className="farm-task__title">{p.title}</div>
        <div className="farm-muted">{p.note}</div>
      </div>
      <Button
        size="small"
        shape="rounded"
        color={p.done ? 'default' : 'primary'}
        disabled={p.done}
        loading={p.loading}
        data-testid={p.testId}
        onClick={p.onClick}
      >
        {p.action}
      </Button>
    </div>
  );
}
