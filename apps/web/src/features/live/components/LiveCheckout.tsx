import type { NewOrderData, OrderLineInput } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../../ui/address/addressesQuery.ts';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { orderApi, orderKeys, payApi, payTypesQuery } from '../../../ui/order/orderApi.ts';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { usePayPasswordGate } from '../../../ui/payPassword/usePayPasswordGate.ts';
import { hideToast, showLoading, showToast } from '../../../ui/toast.ts';
import { defaultPayType, type LivePayType, topUpAmount } from '../lib/payChoice.ts';
import { CashierSheet } from './CashierSheet.tsx';
import { PayMethods } from './PayMethods.tsx';
import { type GatewayTrip, useGatewayWatch } from './useGatewayWatch.ts';
import '../../../ui/order/order.css';
import { liveKeys } from '../api.ts';

/**
 * The room's checkout sheet: address, amount, 提交订单 with the room's id, and every pay method
 * of the cashier — the balance behind the pay password (去充值 tops up what is missing) or online
 * in the cashier sheet — all over the playing video.
 */
export function LiveCheckout({
  roomId,
  lines,
  done,
  onPaid,
  onBack,
  onClose,
}: {
  roomId: number;
  lines: OrderLineInput[];
  done: boolean;
  onPaid: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const payGate = usePayPasswordGate();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [clientKey] = useState(newClientKey);
  const [order, setOrder] = useState<NewOrderData | null>(null);
  const [asking, setAsking] = useState(false);
  const [picked, setPicked] = useState<LivePayType | null>(null);
  const [trip, setTrip] = useState<GatewayTrip | null>(null);

  const preview = useQuery({
    queryKey: ['order', 'preview', 'live', clientKey, roomId, JSON.stringify(lines), addressId],
    queryFn: () => orderApi.preview(lines, addressId ?? undefined),
    retry: false,
  });
  const types = useQuery(payTypesQuery());
  const addresses = useQuery({ ...addressesQuery(), enabled: choosing });

  const create = useMutation({
    mutationFn: (address: number) =>
      orderApi.create({
        clientKey,
        addressId: address,
        items: lines,
        liveRoomId: roomId,
        // What the preview applied (its best coupons and the red packet) is what is paid.
        couponIds: preview.data?.couponIds ?? [],
        useRedPacket: preview.data?.useRedPacket ?? false,
      }),
    onSuccess: (data) => {
      setOrder(data);
      void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
    },
  });

  const data = preview.data;
  const amount = order?.payAmount ?? data?.totalAmount ?? 0;
  const balance = data?.balance ?? 0;
  const offered = types.data?.list ?? [];
  const type =
    picked ??
    defaultPayType(
      balance,
      amount,
      offered.map((t) => t.type),
    );
  const short = data ? balance < amount : false;

  const paid = () => {
    setAsking(false);
    setTrip(null);
    onPaid();
    void queryClient.invalidateQueries({ queryKey: orderKeys.balance });
    void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
    void queryClient.invalidateQueries({ queryKey: orderKeys.payTypes });
    void queryClient.invalidateQueries({ queryKey: liveKeys.shelf(roomId) });
    showToast('支付成功');
  };

  useGatewayWatch(trip, (landed) => {
    if (landed.kind === 'order') return paid();
    setTrip(null);
    setPicked('balance');
    showToast('充值成功');
    void queryClient.invalidateQueries({ queryKey: orderKeys.balance });
    void queryClient.invalidateQueries({ queryKey: orderKeys.payTypes });
    void preview.refetch();
  });

  const openCashier = async (start: () => Promise<GatewayTrip>) => {
    showLoading('正在打开收银台');
    try {
      setTrip(await start());
      hideToast();
    } catch (error) {
      hideToast();
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
    }
  };

  const topUp = () =>
    openCashier(async () => {
      const r = await payApi.recharge(topUpAmount(balance, amount));
      return { kind: 'topUp', paymentNo: r.paymentNo, url: r.cashierUrl };
    });

  const submit = async () => {
    if (!data) return;
    if (!data.address) return showToast('请选择收货地址');
    if (type === 'balance' && short) return showToast('余额不足，请充值或选择其他支付方式');
    let placed = order;
    if (!placed) {
      try {
        placed = await create.mutateAsync(data.address.id);
      } catch {
        void preview.refetch();
        return;
      }
    }
    const { payNo, orderNos } = placed;
    if (type === 'sandbox') {
      return openCashier(async () => {
        const r = await payApi.online(payNo);
        return { kind: 'order', orderNo: orderNos[0] ?? payNo, url: r.cashierUrl };
      });
    }
    if (await payGate()) setAsking(true);
  };

  const pay = async (password: string) => {
    if (!order) return;
    try {
      const result = await payApi.withBalance(order.payNo, password);
      queryClient.setQueryData(orderKeys.balance, { balance: result.balance });
      paid();
    } catch (error) {
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
      if (isApiError(error) && error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      throw error;
    }
  };

  return (
    <>
      <Popup
        visible
        onMaskClick={done ? onClose : undefined}
        bodyClassName="lp-sheet checkout-sheet"
      >
        <div className="checkout" data-testid="live-checkout">
          <header className="checkout__head">
            {!done && !order && (
              <button type="button" className="checkout__back" onClick={onBack}>
                返回
              </button>
            )}
            <span>{done ? '支付成功' : '确认订单'}</span>
            <button type="button" className="checkout__close" aria-label="关闭" onClick={onClose}>
              <CloseOutline />
            </button>
          </header>
          {done ? (
            <div className="checkout__done" data-testid="live-paid">
              <CheckCircleFill className="checkout__done-icon" />
              <p>支付成功，商家将尽快为您发货</p>
              <div className="checkout__done-amount">{formatPrice(amount)}</div>
              <div className="checkout__done-actions">
                <Button shape="rounded" onClick={onClose}>
                  继续看直播
                </Button>
                <Button
                  shape="rounded"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(PATHS.orders)}
                >
                  查看订单
                </Button>
              </div>
            </div>
          ) : !data ? (
            <div className="buy-loading">
              {preview.isError ? (
                <span>{isApiError(preview.error) ? preview.error.msg : '加载失败'}</span>
              ) : (
                <DotLoading color="primary" />
              )}
            </div>
          ) : (
            <>
              <div className="checkout__body">
                <AddressRow address={data.address} onClick={() => !order && setChoosing(true)} />
                {data.stores.map((store) => (
                  <section key={store.storeId} className="checkout__store">
                    <div className="checkout__store-name">{store.storeName}</div>
                    <OrderLines items={store.items} link={false} />
                  </section>
                ))}
                <div className="checkout__row">
                  <span>商品金额</span>
                  <span>{formatPrice(data.goodsAmount)}</span>
                </div>
                <div className="checkout__row">
                  <span>运费</span>
                  <span>
                    {data.shippingFee === 0 ? '包邮' : `+${formatPrice(data.shippingFee)}`}
                  </span>
                </div>
                <div className="checkout__row">
                  <span>支付方式</span>
                </div>
                <PayMethods
                  types={offered}
                  balance={balance}
                  amount={amount}
                  value={type}
                  disabled={trip !== null}
                  onChange={setPicked}
                  onTopUp={() => void topUp()}
                />
              </div>
              <footer className="checkout__bar">
                <span className="checkout__total">
                  合计 <Price fen={amount} />
                </span>
                <Button
                  color="primary"
                  shape="rounded"
                  data-testid="live-checkout-submit"
                  loading={create.isPending}
                  disabled={!data.address || (type === 'balance' && short)}
                  onClick={() => void submit()}
                >
                  {order ? '去支付' : '提交订单'}
                </Button>
              </footer>
            </>
          )}
        </div>
      </Popup>

      <Popup
        visible={choosing}
        onMaskClick={() => setChoosing(false)}
        bodyClassName="lp-sheet address-sheet"
        style={{ zIndex: 1050 }}
      >
        <header className="checkout__head">
          <span>选择收货地址</span>
          <button
            type="button"
            className="checkout__close"
            aria-label="关闭"
            onClick={() => setChoosing(false)}
          >
            <CloseOutline />
          </button>
        </header>
        <div className="address-sheet__list">
          {addresses.data?.map((a) => (
            <button
              type="button"
              key={a.id}
              className={a.id === data?.address?.id ? 'address-opt is-active' : 'address-opt'}
              onClick={() => {
                setAddressId(a.id);
                setChoosing(false);
              }}
            >
              <div className="address-opt__who">
                {a.name} <span>{a.phone}</span> {a.isDefault && <em>默认</em>}
              </div>
              <div className="address-opt__full">{a.fullAddress}</div>
            </button>
          ))}
          {addresses.data?.length === 0 && <p className="shelf-sheet__empty">还没有收货地址</p>}
          <Button block shape="rounded" onClick={() => navigate(PATHS.addAddress)}>
            新增收货地址
          </Button>
        </div>
      </Popup>

      <CashierSheet
        url={trip?.url ?? null}
        title={trip?.kind === 'topUp' ? '余额充值' : '收银台'}
        onClose={() => setTrip(null)}
      />
      <PayPasswordSheet
        keypad
        visible={asking}
        amount={amount}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </>
  );
}
