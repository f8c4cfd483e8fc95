import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { AlipayCircleFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { usePayPasswordGate } from '../../../ui/payPassword/usePayPasswordGate.ts';
import { showToast } from '../../../ui/toast.ts';
import { refreshPromotion, withdrawApi, withdrawInfoQuery } from '../api.ts';
import { DebtBanner } from '../components/DebtBanner.tsx';
import { UpgradeBanner } from '../components/UpgradeBanner.tsx';
import { cleanYuanInput, feeOf, parseYuan, rateText, withdrawResultPath } from '../labels.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/**
 * 提现: commission to the bound 支付宝 account. The fee preview uses the server's own rounding;
 * the pay password confirms, and one clientKey per visit makes a resubmit after a lost answer
 * the same withdrawal rather than a second one.
 */
export default function CashWithdrawalPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(withdrawInfoQuery());
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  const [clientKey] = useState(newClientKey);
  const payGate = usePayPasswordGate();

  if (!info.data) {
    if (info.isError) {
      return <LoadFailed onRetry={() => void info.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = info.data;
  const amount = parseYuan(text);
  const { fee, net } = feeOf(amount ?? 0, data.feeBp);
  const bound = data.account.account;
  const usedUp = data.todayCount >= data.dailyLimit;

  // Said before the pay password is asked for; the server checks all of it again.
  const problem = (): string | null => {
    if (!data.isPromoter) return '升级为推广员后才可提现';
    if (data.debt > 0) return `您有待还佣金${formatPrice(data.debt)}，还清后才可提现`;
    if (amount === null || amount <= 0) return '请输入正确的提现金额';
    if (amount < data.min) return `单笔提现金额不能低于${formatPrice(data.min)}`;
    if (amount > data.withdrawable) return '可提现金额不足';
    if (usedUp) return `每天最多提现${data.dailyLimit}次，请明天再来`;
    return null;
  };

  const submit = async () => {
    if (!bound) {
      showToast('请先绑定提现账号');
      navigate(PATHS.alipayNumber);
      return;
    }
    const said = problem();
    if (said) return showToast(said);
    if (await payGate()) setAsking(true);
  };

  const apply = async (password: string) => {
    if (amount === null) return;
    try {
      const withdrawal = await withdrawApi.apply({ amount, password, clientKey });
      setAsking(false);
      void refreshPromotion(queryClient);
      navigate(withdrawResultPath(withdrawal.withdrawNo), { replace: true });
    } catch (error) {
      showToast(isApiError(error) ? error.msg : '提现失败，请稍后重试');
      // A wrong password may be typed again; anything else needs the page, not the sheet.
      if (!isApiError(error) || error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      if (isApiError(error)) {
        if (error.errorId === 'PAYOUT_ACCOUNT_REQUIRED') navigate(PATHS.alipayNumber);
        else if (error.errorId !== 'PAY_PASSWORD_WRONG') void info.refetch();
      }
      throw error;
    }
  };

  return (
    <div className="pr-withdraw">
      <section className="pr-withdraw__head">
        <div className="pr-center__label">可提现佣金（元）</div>
        <div className="pr-center__value" data-testid="withdraw-withdrawable">
          {formatPrice(data.withdrawable, false)}
        </div>
        <Link className="pr-withdraw__records" to={PATHS.withdrawRecords}>
          提现记录
        </Link>
      </section>

      {!data.isPromoter && <UpgradeBanner text="升级为推广员后才可提现佣金" />}
      <DebtBanner debt={data.debt} />

      <Link className="pr-account card" to={PATHS.alipayNumber} data-testid="withdraw-account">
        <AlipayCircleFill className="pr-account__icon" />
        {bound ? (
          <span className="pr-account__text">
            <strong>支付宝 {bound}</strong>
            {data.account.realName && <small>{data.account.realName}</small>}
          </span>
        ) : (
          <span className="pr-account__text">
            <strong>绑定支付宝账号</strong>
            <small>提现前请先绑定实名的支付宝账号</small>
          </span>
        )}
        <RightOutline />
      </Link>

      <section className="card pr-amount">
        <h3>提现金额</h3>
        <div className="pr-amount__field">
          <span className="pr-amount__yuan">¥</span>
          <Input
            className="pr-amount__input"
            value={text}
            onChange={(v) => setText(cleanYuanInput(v))}
            placeholder={`最低${formatPrice(data.min, false)}元`}
            inputMode="decimal"
            aria-label="提现金额"
          />
          <button
            type="button"
            className="pr-amount__all"
            onClick={() => setText(formatPrice(data.withdrawable, false))}
          >
            全部提现
          </button>
        </div>
        <dl className="pr-amount__preview" data-testid="withdraw-preview">
          <div>
            <dt>手续费（{rateText(data.feeBp)}）</dt>
            <dd data-testid="withdraw-fee">{formatPrice(fee)}</dd>
          </div>
          <div>
            <dt>实际到账</dt>
            <dd className="is-strong" data-testid="withdraw-net">
              {formatPrice(net)}
            </dd>
          </div>
        </dl>
        <p className="pr-amount__rules" data-testid="withdraw-rules">
          单笔最低{formatPrice(data.min)}，每天最多提现{data.dailyLimit}次（今日已提现
          {data.todayCount}次）
          <Link to={PATHS.withdrawRule}>提现规则</Link>
        </p>
      </section>

      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={usedUp || !data.isPromoter || data.debt > 0}
          onClick={() => void submit()}
        >
          {usedUp ? '今日提现次数已用完' : '确认提现'}
        </Button>
      </div>

      <PayPasswordSheet
        visible={asking}
        title="请输入支付密码"
        amount={amount ?? 0}
        onClose={() => setAsking(false)}
        onSubmit={apply}
      />
    </div>
  );
}
