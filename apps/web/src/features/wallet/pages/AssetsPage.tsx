import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { BillOutline, CheckCircleFill, QuestionCircleOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { balanceQuery, sharedKeys } from '../../../core/sharedKeys.ts';
import { useAppShow } from '../../../ui/appShow.ts';
import { couponNote } from '../../../ui/bills/billLabels.ts';
import { payApi } from '../../../ui/order/orderApi.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import {
  clearPendingTopUp,
  type PendingTopUp,
  readPendingTopUp,
  savePendingTopUp,
} from '../topUp.ts';
import '../../../ui/bills/wallet.css';
import { assetsQuery, refreshWallet, walletKeys } from '../api.ts';

const AMOUNTS = [5000, 10000, 20000, 50000];
/** While a top-up waits for the gateway, its state is asked this often (and at once on return). */
const POLL_MS = 1500;

/**
 * 我的资产: the balance (with a top-up through the sandbox gateway's cashier), the red-packet
 * balance, coupons, points (to 积分签到), the commission balance (to 推广中心), and the ways to
 * 明细 and 提现规则. The page config gives it pull-to-refresh, which refetches every query shown
 * here.
 */
export default function AssetsPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [amount, setAmount] = useState(AMOUNTS[1] ?? 10000);
  // The top-up waiting for its result; kept in sessionStorage so that a trip to the cashier in
  // this same tab (a blocked popup) still finds it on return.
  const [pending, setPending] = useState<PendingTopUp | null>(readPendingTopUp);
  const [credited, setCredited] = useState<number | null>(null);
  // The header reads the balance query rather than the assets' copy: the top-up writes into it
  // the moment the gateway answers, and 我的 and checkout share it.
  const balance = useQuery(balanceQuery());
  const assets = useQuery(assetsQuery());

  const status = useQuery({
    queryKey: walletKeys.rechargeStatus(pending?.paymentNo ?? ''),
    queryFn: () => payApi.rechargeStatus(pending?.paymentNo ?? ''),
    enabled: pending !== null,
    refetchInterval: POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { toast: false },
  });

  const stopWaiting = useCallback(() => {
    clearPendingTopUp();
    setPending(null);
  }, []);

  // The answer decides: credited → 充值成功 with the amount; cancelled or unknown → stop waiting.
  const state = status.data?.status;
  useEffect(() => {
    if (!pending || !status.data) return;
    if (state === 'succeeded') {
      queryClient.setQueryData(sharedKeys.balance, { balance: status.data.balance });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.payTypes });
      void refreshWallet(queryClient);
      setCredited(status.data.amount);
      showSuccess(`充值成功 ${formatPrice(status.data.amount)}`);
      stopWaiting();
    } else if (state === 'cancelled' || state === 'refunded') {
      showToast('充值已取消');
      stopWaiting();
    }
  }, [state, status.data, pending, queryClient, stopWaiting]);
  useEffect(() => {
    if (pending && isApiError(status.error)) stopWaiting();
  }, [pending, status.error, stopWaiting]);

  // A top-up left unpaid is given up after a while (the gateway may still notify later: the
  // balance shows it on the next visit).
  useEffect(() => {
    if (!pending) return;
    const left = pending.until - Date.now();
    const timer = setTimeout(stopWaiting, Math.max(0, left));
    return () => clearTimeout(timer);
  }, [pending, stopWaiting]);

  // Back from the cashier (the tab shows again): ask at once rather than at the next tick.
  const refetchBalance = balance.refetch;
  const refetchStatus = status.refetch;
  useAppShow(
    useCallback(() => {
      void refetchBalance();
      if (readPendingTopUp()) void refetchStatus();
    }, [refetchBalance, refetchStatus]),
  );

  const recharge = useMutation({
    mutationFn: () => payApi.recharge(amount),
    onSuccess: (data) => {
      setCredited(null);
      setPending(savePendingTopUp(data.paymentNo, data.amount));
      const opened = window.open(data.cashierUrl, '_blank');
      if (!opened) window.location.assign(data.cashierUrl);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '充值失败，请稍后重试'),
  });

  const data = assets.data;
  const expiring = data ? couponNote(data.expiringCoupons) : null;

  return (
    <div className="wl-assets">
      <section className="wl-assets__head">
        <div className="wl-assets__label">账户余额（元）</div>
        <div className="wl-assets__value" data-testid="assets-balance">
          <span data-testid="balance">
            {balance.data ? formatPrice(balance.data.balance, false) : '--'}
          </span>
        </div>
      </section>

      <section className="wl-tiles card">
        <Link className="wl-tile" to={PATHS.redPacket} data-testid="assets-redpacket">
          <span className="wl-tile__value">
            {data ? formatPrice(data.redPacketBalance, false) : '--'}
          </span>
          <span className="wl-tile__label">红包余额</span>
          {data && data.unopenedRedPackets > 0 && (
            <span className="wl-tile__note">{data.unopenedRedPackets}个待拆</span>
          )}
        </Link>
        <Link className="wl-tile" to={PATHS.myCoupon} data-testid="assets-coupons">
          <span className="wl-tile__value">{data ? `${data.couponCount}张` : '--'}</span>
          <span className="wl-tile__label">优惠券</span>
          {expiring && <span className="wl-tile__note">{expiring}</span>}
        </Link>
        <Link className="wl-tile" to={PATHS.integral} data-testid="assets-points">
          {data && data.points !== null ? (
            <span className="wl-tile__value">{data.points}</span>
          ) : (
            <span className="wl-tile__value wl-tile__value--soon">去签到</span>
          )}
          <span className="wl-tile__label">积分</span>
        </Link>
        {data && data.commission !== null ? (
          <Link className="wl-tile" to={PATHS.myExtension} data-testid="assets-commission">
            <span className="wl-tile__value">{formatPrice(data.commission, false)}</span>
            <span className="wl-tile__label">佣金</span>
          </Link>
        ) : (
          <div className="wl-tile">
            <span className="wl-tile__value wl-tile__value--soon">敬请期待</span>
            <span className="wl-tile__label">佣金</span>
          </div>
        )}
      </section>

      <section className="wl-topup card">
        {credited !== null && (
          <div className="wl-topup__done" role="status" data-testid="recharge-result">
            <CheckCircleFill />
            <div>
              <strong>充值成功</strong>
              <span>{formatPrice(credited)} 已存入账户余额</span>
            </div>
          </div>
        )}
        <h3>充值金额</h3>
        <div className="wl-topup__amounts">
          {AMOUNTS.filter((a) => a >= RECHARGE_MIN && a <= RECHARGE_MAX).map((a) => (
            <button
              type="button"
              key={a}
              className={a === amount ? 'is-active' : ''}
              onClick={() => setAmount(a)}
            >
              {formatPrice(a)}
            </button>
          ))}
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={recharge.isPending}
          onClick={() => recharge.mutate()}
        >
          立即充值
        </Button>
        <p className="form-hint">充值通过沙箱收银台完成，支付后余额自动到账。</p>
        {pending && (
          <p className="wl-topup__wait">
            正在等待支付结果（{formatPrice(pending.amount)}）…
            <button type="button" className="wl-topup__stop" onClick={stopWaiting}>
              不再等待
            </button>
          </p>
        )}
      </section>

      <List className="wl-entries card">
        <List.Item
          prefix={<BillOutline />}
          description="余额与红包的收支记录"
          onClick={() => navigate(PATHS.bill)}
        >
          明细
        </List.Item>
        <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate(PATHS.withdrawRule)}>
          提现规则
        </List.Item>
      </List>
    </div>
  );
}
