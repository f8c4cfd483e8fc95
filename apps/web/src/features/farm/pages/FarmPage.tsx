import type { FarmHarvestData, FarmHomeData, NewOrderData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, Popup, ProgressBar } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { copyText } from '../../../core/clipboard.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { addressesQuery } from '../../address/api.ts';
import { AddressRow } from '../../order/components/AddressRow.tsx';
import { PrizeShipping } from '../../order/components/PrizeShipping.tsx';
import { farmApi, farmKeys, helpLink, helpParam } from '../api.ts';
import { FarmTreeArt, fruitColour } from '../FarmTree.tsx';
import '../farm.css';
import { formatDateTime } from '../../../core/format.ts';

/** The cashier for what a fruit's ¥0 order still owes (the shop's shipping). */
function payPath(order: NewOrderData): string {
  const query = new URLSearchParams({
    orderNo: order.payNo,
    amount: String(order.payAmount),
    expiresAt: order.expiresAt,
    orders: order.orderNos.join(','),
  });
  return `${PATHS.pay}?${query}`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '操作失败，请重试');

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
                    navigate(payPath(result.order));
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

/** No live tree: choose a fruit kind to plant. */
function Planting({ lastHarvest }: { lastHarvest: string | null }) {
  const queryClient = useQueryClient();
  const fruits = useQuery({ queryKey: farmKeys.fruits, queryFn: farmApi.fruits });
  const plant = useMutation({
    mutationFn: farmApi.plant,
    onSuccess: (data) => {
      queryClient.setQueryData(farmKeys.home, data);
      showSuccess('种下啦，快去浇水吧');
    },
    onError: (error) => showToast(errorText(error)),
  });
  return (
    <div className="farm-plant" data-testid="farm-plant">
      <FarmTreeArt stage={0} fruitId={0} watering={false} />
      <p className="farm-plant__tip">
        {lastHarvest
          ? `上一棵已收获「${lastHarvest}」，再种一棵吧`
          : '选一棵果树种下，浇水到成熟就能收获'}
      </p>
      {fruits.isPending ? (
        <DotLoading />
      ) : (fruits.data?.list.length ?? 0) === 0 ? (
        <p className="farm-muted">暂时没有可种的果树</p>
      ) : (
        <div className="farm-fruits">
          {fruits.data?.list.map((f) => (
            <button
              type="button"
              key={f.id}
              className="farm-fruit"
              disabled={plant.isPending}
              onClick={() => plant.mutate(f.id)}
            >
              <span className="farm-fruit__dot" style={{ background: fruitColour(f.id) }} />
              <b>{f.name}</b>
              <span className="farm-muted">需 {f.waterNeeded} 滴水</span>
              <span className="farm-fruit__reward">{f.rewardTitle}</span>
              <span className="farm-fruit__go">种下</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * 收获: a coupon comes at once; a product opens the sheet with the address (the app's picker,
 * whose trip back remounts this page: ?harvest=1 reopens the sheet).
 */
function HarvestButton(p: {
  treeId: number;
  product: boolean;
  skuId: number | null;
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
  onWon: (r: FarmHarvestData) => void;
}) {
  const navigate = useNavigate();
  const addresses = useQuery({ ...addressesQuery(), enabled: p.product });
  const { addressId, setAddressId } = useCheckout();
  const [clientKey, setClientKey] = useState(newClientKey);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const harvest = useMutation({
    mutationFn: () =>
      farmApi.harvest(
        p.product
          ? { treeId: p.treeId, addressId: address?.id ?? 0, clientKey }
          : { treeId: p.treeId },
      ),
    onSuccess: (result) => {
      setClientKey(newClientKey());
      setAddressId(null);
      p.setSheetOpen(false);
      p.onWon(result);
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
      showToast(errorText(error));
    },
  });
  return (
    <>
      <Button
        className="farm-water farm-harvest"
        color="warning"
        shape="rounded"
        size="large"
        data-testid="farm-harvest"
        loading={harvest.isPending}
        onClick={() => (p.product ? p.setSheetOpen(true) : harvest.mutate())}
      >
        收获果实
      </Button>
      <Popup visible={p.product && p.sheetOpen} onMaskClick={() => p.setSheetOpen(false)}>
        <div className="farm-sheet" data-testid="farm-harvest-sheet">
          <h3>领取果实</h3>
          <p className="farm-muted">果实以0元订单发出，应付运费（如有）在收银台支付</p>
          {p.skuId !== null && <PrizeShipping className="farm-shipping" skuId={p.skuId} />}
          <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={!address}
            loading={harvest.isPending}
            onClick={() => harvest.mutate()}
          >
            确认领取
          </Button>
        </div>
      </Popup>
    </>
  );
}

/** A friend's share link: help them water once a day. */
function HelpFriend({ friendId, onDone }: { friendId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const friend = useQuery({
    queryKey: farmKeys.friend(friendId),
    queryFn: () => farmApi.friend(friendId),
    retry: false,
  });
  const help = useMutation({
    mutationFn: () => farmApi.help(friendId),
    onSuccess: (r) => {
      showSuccess(`已帮${r.friendName}浇水 ${r.amount} 滴`);
      void queryClient.invalidateQueries({ queryKey: farmKeys.friend(friendId) });
    },
    onError: (error) => showToast(errorText(error)),
  });
  if (friend.isError) return null;
  const f = friend.data;
  return (
    <section className="farm-card farm-help" data-testid="farm-help">
      <div>
        <b>{f?.friendName ?? '好友'}</b> 邀请你帮TA的果树浇水
        {f?.fruitName ? `（${f.fruitName} · ${f.stageName ?? ''} ${f.percent}%）` : ''}
      </div>
      <div className="farm-help__actions">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={!f || f.helpedToday || help.isSuccess}
          loading={help.isPending}
          onClick={() => help.mutate()}
        >
          {f?.helpedToday || help.isSuccess ? '今天已助力' : '帮TA浇水'}
        </Button>
        <Button size="small" shape="rounded" fill="none" onClick={onDone}>
          去我的果园
        </Button>
      </div>
    </section>
  );
}
