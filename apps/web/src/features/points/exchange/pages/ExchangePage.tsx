import {
  EXCHANGE_KIND_TEXT,
  type ExchangeBuyData,
  type ExchangeItem,
  type ExchangeKind,
} from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popup, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { create } from 'zustand';
import { newClientKey } from '../../../../core/checkout.ts';
import { formatPrice } from '../../../../core/format.ts';
import { sharedKeys } from '../../../../core/sharedKeys.ts';
import { Img } from '../../../../ui/Img.tsx';
import { PageLoading } from '../../../../ui/PageLoading.tsx';
import { PATHS } from '../../../../ui/pageConfig.ts';
import { DealConfirm, dealOrderPath, useClearOnLeave } from '../../../../ui/redeem/DealConfirm.tsx';
import { exchangeApi, exchangeKeys } from '../api.ts';
import '../exchange.css';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { pointsKeys } from '../../api.ts';

interface Chosen {
  item: ExchangeItem;
  /** One client key per opened sheet, so a resubmit after a lost answer buys once. */
  key: string;
}

/** The open confirm sheet, kept outside the page so a trip to pick the address keeps it. */
const useChosen = create<{
  chosen: Chosen | null;
  set: (c: Chosen | null) => void;
  clear: () => void;
}>()((set) => ({
  chosen: null,
  set: (chosen) => set({ chosen }),
  clear: () => set({ chosen: null }),
}));

type Tab = 'all' | ExchangeKind;
const TABS: { key: Tab; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'coupon', title: '优惠券' },
  { key: 'redpacket', title: '红包' },
  { key: 'product', title: '商品' },
];

const USE_TEXT: Record<ExchangeKind, string> = {
  coupon: '去使用',
  redpacket: '去拆红包',
  product: '查看订单',
};

/** 100 积分 or 100 积分 + ¥9.90. */
const priceText = (item: ExchangeItem) =>
  item.cash > 0 ? `${item.points} 积分 + ${formatPrice(item.cash)}` : `${item.points} 积分`;

function buttonText(item: ExchangeItem, balance: number): string | null {
  if (item.sold >= item.stock || item.product?.inStock === false) return '已兑完';
  if (item.mine >= item.perUserLimit) return '已达上限';
  if (balance < item.points) return '积分不足';
  return null;
}

/**
 * 积分商城: my points, the items by kind, a confirm sheet and the result. One client key per
 * opened sheet, so a resubmit after a lost answer buys once.
 */
export default function ExchangePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('all');
  const { chosen, set: setChosen } = useChosen();
  useClearOnLeave(useChosen.getState().clear);
  const [done, setDone] = useState<ExchangeBuyData | null>(null);
  const kind = tab === 'all' ? undefined : tab;
  const home = useQuery({
    queryKey: exchangeKeys.items(tab),
    queryFn: () => exchangeApi.items(kind),
    staleTime: 0,
  });
  const buy = useMutation({
    mutationFn: (c: Chosen & { addressId?: number }) =>
      exchangeApi.buy(c.item.id, c.key, c.addressId),
    onSuccess: (r) => {
      setChosen(null);
      void queryClient.invalidateQueries({ queryKey: pointsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['coupon'] });
      if (r.order) {
        // A product: its order (cash part and shipping) is paid at the cashier.
        void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
        navigate(dealOrderPath(r.order));
        return;
      }
      setDone(r);
    },
  });

  if (!home.data) {
    if (home.isError) {
      return <LoadFailed onRetry={() => void home.refetch()} />;
    }
    return <PageLoading />;
  }
  const { balance, list } = home.data;

  return (
    <div className="ex-page">
      <section className="ex-head">
        <span>我的积分</span>
        <strong data-testid="exchange-balance">{balance}</strong>
        <Link to={PATHS.integral} style={{ color: '#fff', fontSize: 12 }}>
          去签到赚积分 &gt;
        </Link>
      </section>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {list.length === 0 ? (
        <Empty description="暂无可兑换的商品" />
      ) : (
        <div className="ex-grid">
          {list.map((item) => {
            const blocked = buttonText(item, balance);
            return (
              <div className="ex-card" key={item.id} data-testid="exchange-item">
                <span className="ex-card__badge">{EXCHANGE_KIND_TEXT[item.kind]}</span>
                {item.product && (
                  <Img className="ex-card__image" src={item.image} alt={item.title} />
                )}
                <div className="ex-card__title">{item.title}</div>
                <div className="ex-card__points">{priceText(item)}</div>
                <div className="ex-card__meta">
                  剩余 {Math.max(0, item.stock - item.sold)} · 每人限 {item.perUserLimit}
                </div>
                <Button
                  size="small"
                  shape="rounded"
                  color="primary"
                  disabled={blocked !== null}
                  data-testid="exchange-open"
                  onClick={() => setChosen({ item, key: newClientKey() })}
                >
                  {blocked ?? '立即兑换'}
                </Button>
              </div>
            );
          })}
        </div>
      )}

      <Popup visible={chosen !== null} onMaskClick={() => setChosen(null)}>
        {chosen?.item.product && (
          <div className="ex-sheet" data-testid="exchange-sheet">
            <h3>确认兑换</h3>
            <p>
              需要 <b>{chosen.item.points}</b> 积分，当前 {balance} 积分
            </p>
            <DealConfirm
              goods={{
                title: chosen.item.title,
                skuName: chosen.item.product.skuName,
                image: chosen.item.image,
                originalPrice: chosen.item.product.originalPrice,
                price: chosen.item.cash,
                shippingFee: chosen.item.product.shippingFee,
                points: chosen.item.points,
              }}
              confirmText="确认兑换并下单"
              pending={buy.isPending}
              onConfirm={(addressId) => buy.mutate({ ...chosen, addressId })}
            />
          </div>
        )}
        {chosen && !chosen.item.product && (
          <div className="ex-sheet" data-testid="exchange-sheet">
            <h3>确认兑换</h3>
            <p>{chosen.item.title}</p>
            <p>
              需要 <b>{chosen.item.points}</b> 积分，当前 {balance} 积分
            </p>
            <Button
              block
              color="primary"
              shape="rounded"
              data-testid="exchange-confirm"
              loading={buy.isPending}
              onClick={() => buy.mutate(chosen)}
            >
              确认兑换
            </Button>
          </div>
        )}
      </Popup>

      <Popup visible={done !== null} onMaskClick={() => setDone(null)}>
        {done && (
          <div className="ex-result" data-testid="exchange-result">
            <div>兑换成功</div>
            <strong>{done.purchase.title}</strong>
            <p>剩余积分 {done.balance}</p>
            <Link to={done.purchase.link}>
              <Button shape="rounded" color="primary">
                {USE_TEXT[done.purchase.kind]}
              </Button>
            </Link>
          </div>
        )}
      </Popup>
    </div>
  );
}
