import type { OrderSummary, OrderTab } from '@chaopin/contracts';
import { ORDER_TABS } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline, KoubeiOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { ordersQuery } from '../api.ts';
import { OrderActions } from '../components/OrderActions.tsx';
import '../../../ui/order/order.css';

export const ORDER_TAB_TEXT: Record<OrderTab, string> = {
  all: '全部',
  unpaid: '待付款',
  unshipped: '待发货',
  unreceived: '待收货',
  unevaluated: '待评价',
  aftersale: '售后',
};

const { reachBottomDistance } = pageConfigFor(PATHS.orders);

export default function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status') as OrderTab | null;
  const tab: OrderTab = wanted && ORDER_TABS.includes(wanted) ? wanted : 'all';

  return (
    <div className="orders">
      <div className="orders__tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setParams({ status: key }, { replace: true });
            window.scrollTo({ top: 0 });
          }}
        >
          {ORDER_TABS.map((key) => (
            <Tabs.Tab key={key} title={ORDER_TAB_TEXT[key]} />
          ))}
        </Tabs>
      </div>
      <OrderFeed key={tab} tab={tab} />
    </div>
  );
}

function OrderFeed({ tab }: { tab: OrderTab }) {
  const query = useInfiniteQuery(ordersQuery(tab));
  const orders = query.data?.pages.flatMap((p) => p.list) ?? [];

  const loadMore = () => nextPageOrThrow(query.fetchNextPage);

  return (
    <ListStates
      query={query}
      isEmpty={orders.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={<EmptyState icon={<FileOutline />} title="暂无相关订单" description="去逛逛吧" />}
    >
      <div className="orders__list">
        {orders.map((order) => (
          <OrderCard key={order.orderNo} order={order} tab={tab} />
        ))}
        <InfiniteFooter
          loadMore={loadMore}
          hasMore={query.hasNextPage}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}

/**
 * What a card's corner says: the after-sales state on the 售后 tab (退款中, 已退款, 已拒绝…) and,
 * on every tab, while a refund is under way; otherwise the order's own state.
 */
export function cardStatus(
  order: OrderSummary,
  tab: OrderTab,
): { text: string; aftersale: boolean } {
  const as = order.aftersale;
  if (as && (tab === 'aftersale' || as.state === 'refunding')) {
    return { text: as.text, aftersale: true };
  }
  return { text: order.statusText, aftersale: false };
}

function OrderCard({ order, tab }: { order: OrderSummary; tab: OrderTab }) {
  const navigate = useNavigate();
  const status = cardStatus(order, tab);
  const count = order.items.reduce((n, i) => n + i.quantity, 0);
  const open = () => navigate(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(order.orderNo)}`);
  return (
    <article className="order-card card" data-testid="order-card" data-order-no={order.orderNo}>
      <button type="button" className="order-card__main" onClick={open}>
        <header className="order-card__head">
          <span className="order-card__store">
            <KoubeiOutline /> {order.storeName}
          </span>
          <span
            className={
              status.aftersale
                ? `order-card__status order-card__status--aftersale is-${order.aftersale?.state}`
                : 'order-card__status'
            }
            data-testid="order-status"
          >
            {status.text}
          </span>
        </header>
        <OrderLines items={order.items} link={false} />
        {(order.discountAmount > 0 || order.redPacketAmount > 0) && (
          <div className="order-card__deductions">
            {order.discountAmount > 0 && (
              <span>
                优惠券 <em>-{formatPrice(order.discountAmount)}</em>
              </span>
            )}
            {order.redPacketAmount > 0 && (
              <span>
                红包 <em>-{formatPrice(order.redPacketAmount)}</em>
              </span>
            )}
          </div>
        )}
        <div className="order-card__sum">
          共{count}件商品，实付{order.shippingFee > 0 ? '（含运费）' : ''}：
          <Price fen={order.payAmount} />
        </div>
      </button>
      <OrderActions order={order} />
    </article>
  );
}
