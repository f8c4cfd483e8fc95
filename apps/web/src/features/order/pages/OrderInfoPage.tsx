import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, Steps } from 'antd-mobile';
import { KoubeiOutline, LocationFill, RightOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useCheckout } from '../../../core/checkout.ts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { ItemAfterSale } from '../../../ui/aftersale/ItemAfterSale.tsx';
import { useCountdown } from '../../../ui/hooks/useCountdown.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { OrderLogisticsCard } from '../../../ui/logistics/OrderLogisticsCard.tsx';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { orderApi, orderKeys, orderQuery } from '../api.ts';
import { OrderActions } from '../components/OrderActions.tsx';
import '../../../ui/order/order.css';
import { ServiceButton } from '../../../ui/chat/ServiceButton.tsx';
import { clock } from './PayPage.tsx';

/** The address can change until the order ships (the server checks the same). */
const ADDRESS_CHANGEABLE = new Set(['unpaid', 'unshipped']);

const PAY_METHOD: Record<string, string> = { balance: '余额支付', sandbox: '在线支付' };
const STATUS_HINT: Record<string, string> = {
  unshipped: '商家正在备货，请耐心等待',
  unreceived: '商品已发出，请注意查收',
  unevaluated: '交易成功，快来评价一下吧',
  finished: '交易已完成',
  cancelled: '订单已取消',
};

export default function OrderInfoPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const goBack = useGoBack();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderQuery(orderNo), enabled: Boolean(orderNo) });
  const picked = useCheckout((s) => s.orderAddress);
  const setOrderAddress = useCheckout((s) => s.setOrderAddress);
  const changeAddress = useMutation({
    mutationFn: (addressId: number) => orderApi.changeAddress(orderNo, addressId),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderKeys.order(orderNo), detail);
      void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
      showSuccess('收货地址已修改');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '修改地址失败'),
  });
  // Coming back from the address list with a choice for this order: apply it once.
  const applyAddress = changeAddress.mutate;
  useEffect(() => {
    if (!picked || picked.orderNo !== orderNo) return;
    setOrderAddress(null);
    applyAddress(picked.addressId);
  }, [picked, orderNo, setOrderAddress, applyAddress]);
  const { seconds, start } = useCountdown();
  const order = query.data;
  const expiresAt = order?.status === 'unpaid' ? order.expiresAt : null;

  useEffect(() => {
    if (expiresAt) start(Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000)));
  }, [expiresAt, start]);
  // The order cancels itself at the deadline: reload to show it.
  const refetch = query.refetch;
  useEffect(() => {
    if (expiresAt && seconds === 0 && Date.parse(expiresAt) <= Date.now()) {
      const timer = setTimeout(() => void refetch(), 1500);
      return () => clearTimeout(timer);
    }
  }, [expiresAt, seconds, refetch]);

  if (!orderNo || query.isError) {
    const gone = !orderNo || (isApiError(query.error) && query.error.code === 404);
    return (
      <ErrorBlock
        status={gone ? 'empty' : 'default'}
        title={gone ? '订单不存在' : '加载失败'}
        description={gone ? '请返回订单列表' : '下拉或返回后重试'}
      />
    );
  }
  if (!order) return <PageLoading />;

  const hint =
    order.status === 'unpaid'
      ? seconds > 0
        ? `剩余 ${clock(seconds)} 自动关闭订单`
        : '订单即将关闭'
      : (STATUS_HINT[order.status] ?? '');

  return (
    <div className="order-info">
      <section className="oi-status">
        <div className="oi-status__text" data-testid="order-status">
          {order.statusText}
        </div>
        <div className="oi-status__hint">{hint}</div>
      </section>

      {order.timeline.length > 0 && (
        <section className="oi-card card">
          <Steps direction="vertical" current={order.timeline.length - 1}>
            {[...order.timeline].reverse().map((step, i) => (
              <Steps.Step
                key={`${step.status}-${step.time}`}
                title={step.text}
                description={formatDateTime(step.time)}
                status={i === 0 ? 'process' : 'finish'}
              />
            ))}
          </Steps>
        </section>
      )}

      <OrderLogisticsCard order={order} />

      <section className="oi-card card oi-row-card">
        <LocationFill className="oi-icon" />
        <div>
          <div className="oi-who">
            {order.address.name} <span>{order.address.phone}</span>
          </div>
          <div className="oi-muted">{order.address.fullAddress}</div>
        </div>
        {ADDRESS_CHANGEABLE.has(order.status) && (
          <button
            type="button"
            className="oi-change-address"
            disabled={changeAddress.isPending}
            onClick={() =>
              navigate(`${PATHS.addresses}?select=1&orderNo=${encodeURIComponent(order.orderNo)}`)
            }
          >
            修改地址 <RightOutline />
          </button>
        )}
      </section>

      <section className="oi-card card">
        <header className="wo-store__name">
          <KoubeiOutline /> {order.storeName}
          <ServiceButton
            className="oi-service"
            storeId={order.storeId}
            card={{
              kind: 'order',
              id: order.orderNo,
              title: order.items[0]?.title ?? order.storeName,
              image: order.items[0]?.image ?? '',
              price: order.payAmount,
            }}
          />
        </header>
        <OrderLines
          items={order.items}
          extra={(item) => <ItemAfterSale order={order} item={item} />}
        />
        <div className="wo-row">
          <span>商品金额</span>
          <span>{formatPrice(order.goodsAmount)}</span>
        </div>
        <div className="wo-row">
          <span>运费</span>
          <span>{order.shippingFee === 0 ? '包邮' : formatPrice(order.shippingFee)}</span>
        </div>
        {order.discountAmount > 0 && (
          <div className="wo-row">
            <span>优惠券</span>
            <span className="wo-minus" data-testid="order-discount">
              -{formatPrice(order.discountAmount)}
            </span>
          </div>
        )}
        {order.redPacketAmount > 0 && (
          <div className="wo-row">
            <span>红包</span>
            <span className="wo-minus" data-testid="order-redpacket">
              -{formatPrice(order.redPacketAmount)}
            </span>
          </div>
        )}
        {(order.pointsAmount ?? 0) > 0 && (
          <div className="wo-row">
            <span>积分抵扣（{order.pointsUsed}积分）</span>
            <span className="wo-minus" data-testid="order-points">
              -{formatPrice(order.pointsAmount ?? 0)}
            </span>
          </div>
        )}
        <div className="wo-row wo-row--sub">
          <span>
            {order.status === 'unpaid' || order.status === 'cancelled' ? '应付款' : '实付款'}
          </span>
          <Price fen={order.payAmount} />
        </div>
      </section>

      <section className="oi-card card oi-meta">
        <div>
          <span>订单编号</span>
          <span>{order.orderNo}</span>
        </div>
        <div>
          <span>下单时间</span>
          <span>{formatDateTime(order.createdAt)}</span>
        </div>
        {order.payMethod && (
          <div>
            <span>支付方式</span>
            <span>{PAY_METHOD[order.payMethod] ?? order.payMethod}</span>
          </div>
        )}
        {order.note && (
          <div>
            <span>订单备注</span>
            <span>{order.note}</span>
          </div>
        )}
      </section>

      <footer className="oi-bar">
        <OrderActions order={order} onDeleted={() => goBack(PATHS.orders)} />
      </footer>
    </div>
  );
}
