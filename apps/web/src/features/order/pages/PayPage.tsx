import type { PayTypeData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, ErrorBlock, Popup, Radio } from 'antd-mobile';
import { ClockCircleOutline, CloseOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCountdown, formatPrice } from '../../../core/format.ts';
import { useAppShow } from '../../../ui/appShow.ts';
import { useCountdown } from '../../../ui/hooks/useCountdown.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayCodeInput } from '../../../ui/payPassword/PayCodeInput.tsx';
import { hideToast, showLoading, showToast } from '../../../ui/toast.ts';
import '../../../ui/order/order.css';
import { payPasswordQuery } from '../../../ui/payPassword/payPasswordQuery.ts';
import { orderApi, orderKeys, payApi, payTypesQuery } from '../api.ts';

type PayType = PayTypeData['list'][number]['type'];
const PENDING_KEY = 'pendingGatewayPay';

export function clock(seconds: number): string {
  return formatCountdown(seconds, true);
}

/**
 * 收银台. ?orderNo= is the pay number of a submit (or one order's number); amount and expiresAt
 * come along from write order, else they are read from the order. `orders` names the orders to
 * watch after a trip to the sandbox cashier.
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const orders = (params.get('orders') ?? orderNo).split(',').filter(Boolean);
  const watchNo = orders[0] ?? orderNo;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { seconds, start } = useCountdown();
  const [picked, setType] = useState<PayType | null>(null);
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const [watching, setWatching] = useState(
    () => sessionStorage.getItem(PENDING_KEY) === orderNo && orderNo !== '',
  );

  const known = params.get('amount') !== null && params.get('expiresAt') !== null;
  const order = useQuery({
    queryKey: orderKeys.order(watchNo),
    queryFn: () => orderApi.detail(watchNo),
    enabled: Boolean(watchNo) && (!known || watching),
    refetchInterval: watching ? 2000 : false,
  });
  const types = useQuery(payTypesQuery());
  const payPassword = useQuery(payPasswordQuery());

  const amount = known ? Number(params.get('amount')) : (order.data?.payAmount ?? 0);
  const expiresAt = known ? params.get('expiresAt') : order.data?.expiresAt;
  useEffect(() => {
    if (expiresAt) start(Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000)));
  }, [expiresAt, start]);

  const done = useCallback(() => {
    sessionStorage.removeItem(PENDING_KEY);
    void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
    void queryClient.invalidateQueries({ queryKey: orderKeys.balance });
    void queryClient.invalidateQueries({ queryKey: orderKeys.payTypes });
    const next = new URLSearchParams({ amount: String(amount), orders: orders.join(',') });
    navigate(`${PATHS.paySuccess}?${next}`, { replace: true });
  }, [amount, orders, navigate, queryClient]);

  // Back from the sandbox cashier: the notify arrives asynchronously, so watch the order state.
  const status = order.data?.status;
  useEffect(() => {
    if (!status || status === 'unpaid') return;
    if (status === 'cancelled') {
      sessionStorage.removeItem(PENDING_KEY);
      setWatching(false);
      return;
    }
    if (watching) done();
  }, [status, watching, done]);
  useAppShow(
    useCallback(() => {
      if (sessionStorage.getItem(PENDING_KEY) === orderNo && orderNo) setWatching(true);
    }, [orderNo]),
  );

  // One payment attempt at a time, whatever the input component re-fires.
  const paying = useRef(false);
  const balancePay = useMutation({
    mutationFn: (password: string) => payApi.withBalance(orderNo, password),
    onMutate: () => {
      paying.current = true;
    },
    onSettled: () => {
      paying.current = false;
    },
    onSuccess: () => {
      setCode('');
      setAsking(false);
      done();
    },
    onError: (error) => {
      setCode('');
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
    },
  });

  const gatewayPay = useMutation({
    mutationFn: () => payApi.online(orderNo),
    onMutate: () => showLoading('正在打开收银台'),
    onSuccess: (data) => {
      hideToast();
      sessionStorage.setItem(PENDING_KEY, orderNo);
      setWatching(true);
      const opened = window.open(data.cashierUrl, '_blank');
      if (!opened) window.location.assign(data.cashierUrl);
    },
    onError: (error) => {
      hideToast();
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
    },
  });

  if (!orderNo) return <ErrorBlock status="empty" title="订单不存在" description="请返回重试" />;
  if ((!known && !order.data) || !types.data) {
    if (order.isError || types.isError) {
      return (
        <ErrorBlock status="default" title="加载失败" description="请返回重试">
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => {
              void order.refetch();
              void types.refetch();
            }}
          >
            重新加载
          </Button>
        </ErrorBlock>
      );
    }
    return <PageLoading />;
  }

  const balance = types.data.balance;
  // Balance first when it covers the order, else the online (sandbox) payment.
  const type: PayType = picked ?? (balance >= amount ? 'balance' : 'sandbox');
  const expired = Boolean(expiresAt) && seconds === 0 && Date.parse(expiresAt ?? '') <= Date.now();
  const closed = expired || status === 'cancelled';

  const pay = async () => {
    if (closed) return showToast('订单已超时关闭');
    if (type === 'sandbox') {
      if (!gatewayPay.isPending) gatewayPay.mutate();
      return;
    }
    if (balance < amount) return showToast('余额不足，请选择其他支付方式');
    if (!payPassword.data?.isSet) {
      const go = await Dialog.confirm({
        content: '您还未设置支付密码，是否现在设置？',
        confirmText: '去设置',
        cancelText: '取消',
      });
      if (go) navigate(PATHS.setPayPassword);
      return;
    }
    setCode('');
    setAsking(true);
  };

  return (
    <div className="pay">
      <section className="pay-head card">
        <div className="pay-head__label">实付金额</div>
        <div className="pay-head__amount" data-testid="pay-amount">
          <Price fen={amount} />
        </div>
        {expiresAt && (
          <div className="pay-head__timer">
            <ClockCircleOutline />
            {closed ? '订单已超时关闭' : `支付剩余时间 ${clock(seconds)}`}
          </div>
        )}
      </section>

      <section className="pay-types card">
        <Radio.Group value={type} onChange={(v) => setType(v as PayType)}>
          {types.data.list.map((t) => (
            <Radio key={t.type} value={t.type} className="pay-type" block>
              <span className="pay-type__name">
                {t.name}
                {t.type === 'balance' && (
                  <em className={balance < amount ? 'is-short' : ''}>
                    可用余额 {formatPrice(balance)}
                    {balance < amount ? '（余额不足）' : ''}
                  </em>
                )}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </section>

      {watching && <p className="pay-watch">正在确认支付结果…如已完成支付，请稍候</p>}

      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={closed}
          loading={gatewayPay.isPending}
          onClick={pay}
        >
          确认支付 {formatPrice(amount)}
        </Button>
      </div>

      <Popup
        visible={asking}
        onMaskClick={() => setAsking(false)}
        bodyClassName="pay-password-popup"
      >
        <div className="pay-password">
          <button
            type="button"
            className="pay-password__close"
            aria-label="关闭"
            onClick={() => setAsking(false)}
          >
            <CloseOutline />
          </button>
          <h3>请输入支付密码</h3>
          <div className="pay-password__amount">{formatPrice(amount)}</div>
          <PayCodeInput
            key={String(asking)}
            value={code}
            onChange={setCode}
            autoFocus
            error={balancePay.isError && code === ''}
            onFill={(v) => {
              if (paying.current || !asking) return;
              paying.current = true;
              balancePay.mutate(v);
            }}
          />
          <button
            type="button"
            className="pay-password__forgot"
            onClick={() => navigate(PATHS.resetPayPassword)}
          >
            忘记支付密码？
          </button>
        </div>
      </Popup>
    </div>
  );
}
