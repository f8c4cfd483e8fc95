import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useAppShow } from '../../../app/appShow.ts';
import { showToast } from '../../../app/toast.ts';
import { isApiError } from '../../../core/api/client.ts';
import { payApi } from '../../../core/api/order.ts';
import { formatPrice } from '../../../core/format.ts';
import { balanceQuery } from '../../../core/queries.ts';
import '../myLists.css';

const AMOUNTS = [5000, 10000, 20000, 50000];

/** 我的余额: the wallet balance and a top-up through the sandbox gateway's cashier. */
export default function AssetsPage() {
  const [amount, setAmount] = useState(AMOUNTS[1] ?? 10000);
  const [waiting, setWaiting] = useState(false);
  const balance = useQuery({ ...balanceQuery(), refetchInterval: waiting ? 2000 : false });
  useAppShow(useCallback(() => void balance.refetch(), [balance.refetch]));

  const recharge = useMutation({
    mutationFn: () => payApi.recharge(amount),
    onSuccess: (data) => {
      setWaiting(true);
      setTimeout(() => setWaiting(false), 60_000);
      const opened = window.open(data.cashierUrl, '_blank');
      if (!opened) window.location.assign(data.cashierUrl);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '充值失败，请稍后重试'),
  });

  return (
    <div className="assets">
      <section className="assets-head">
        <div className="assets-head__label">账户余额（元）</div>
        <div className="assets-head__value" data-testid="balance">
          {balance.data ? formatPrice(balance.data.balance, false) : '--'}
        </div>
      </section>
      <section className="assets-card card">
        <h3>充值金额</h3>
        <div className="assets-amounts">
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
        {waiting && <p className="assets-wait">正在等待支付结果…</p>}
      </section>
    </div>
  );
}
