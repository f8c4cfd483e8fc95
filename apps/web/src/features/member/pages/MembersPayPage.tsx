import type { MemberPlan } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Radio } from 'antd-mobile';
import { CheckCircleFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { balanceQuery } from '../../../core/sharedKeys.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { usePayPasswordGate } from '../../../ui/payPassword/usePayPasswordGate.ts';
import { showToast } from '../../../ui/toast.ts';
import { memberPlansQuery } from '../api.ts';
import { discountText, memberUntilText } from '../labels.ts';
import { type MemberPayType, useMemberPurchase } from '../useMemberPurchase.ts';
import '../member.css';

/** What membership gives; the discount is the operator's, the rest is what the app does. */
function memberRights(percent: number): { title: string; desc: string }[] {
  return [
    { title: `全场${discountText(percent)}`, desc: '全部商品享会员价，下单自动减免' },
    { title: '省钱看得见', desc: '每笔订单省下的钱都记在省钱明细里' },
    { title: '会员标识', desc: '“我的”页面展示专属会员身份' },
    { title: '续费顺延', desc: '有效期内续费，从到期日起顺延' },
  ];
}

/** The plan to preselect: the year card, as shops do, when it is offered. */
function defaultPlan(plans: MemberPlan[]): MemberPlan | undefined {
  return plans.find((p) => p.id === 'year') ?? plans[plans.length - 1];
}

/**
 * 开通会员: who I am, the plans (月卡/季卡/年卡), what membership gives and has saved me, and the
 * purchase from the balance (pay password) or through the sandbox cashier.
 */
export default function MembersPayPage() {
  const user = useSession((s) => s.user);
  const plans = useQuery(memberPlansQuery());
  const balance = useQuery(balanceQuery());
  const [picked, setPicked] = useState<MemberPlan['id'] | null>(null);
  const [pickedPay, setPayType] = useState<MemberPayType | null>(null);
  const [asking, setAsking] = useState(false);
  const payGate = usePayPasswordGate();
  const { buy, busy, pending, stopWaiting } = useMemberPurchase();

  if (!plans.data) {
    return plans.isError ? (
      <LoadFailed onRetry={() => void plans.refetch()} primary />
    ) : (
      <PageLoading />
    );
  }
  const { identity, memberPricePercent, saved } = plans.data;
  const plan = plans.data.plans.find((p) => p.id === picked) ?? defaultPlan(plans.data.plans);
  const until = memberUntilText(identity.memberUntil);
  const short =
    balance.data !== undefined && plan !== undefined && balance.data.balance < plan.price;
  // As the cashier: the balance when it covers the plan, else the online payment.
  const payType: MemberPayType = pickedPay ?? (short ? 'sandbox' : 'balance');

  const submit = async () => {
    if (!plan || busy) return;
    if (payType === 'sandbox') {
      await buy(plan.id, 'sandbox', plan.price).catch(() => {});
      return;
    }
    if (short) return showToast('余额不足，请选择其他支付方式');
    if (await payGate()) setAsking(true);
  };

  const payWithBalance = async (password: string) => {
    if (!plan) return;
    try {
      await buy(plan.id, 'balance', plan.price, password);
      setAsking(false);
    } catch (error) {
      // A wrong password may be typed again; any other refusal ends this attempt.
      if (!isApiError(error) || error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      throw error;
    }
  };

  return (
    <div className="mb-pay">
      <section className="mb-card" data-testid="member-identity">
        <Img
          className="mb-card__avatar"
          src={user?.avatar ?? ''}
          fallback={DEFAULT_AVATAR}
          alt="头像"
        />
        <div className="mb-card__info">
          <div className="mb-card__name">
            {user?.nickname ?? ''}
            <span className="mb-tier">{identity.tierText}</span>
          </div>
          <div className="mb-card__until">
            {identity.isMember && until
              ? `会员到期：${until}`
              : until
                ? `会员已于${until}到期`
                : '尚未开通会员'}
          </div>
          {identity.isMember && <div className="mb-card__note">续费从到期日起顺延</div>}
        </div>
      </section>

      <section className="mb-section card">
        <h3 className="mb-section__title">选择套餐</h3>
        <div className="mb-plans">
          {plans.data.plans.map((p) => (
            <button
              type="button"
              key={p.id}
              aria-pressed={p.id === plan?.id}
              className={p.id === plan?.id ? 'mb-plan is-active' : 'mb-plan'}
              data-testid={`member-plan-${p.id}`}
              onClick={() => setPicked(p.id)}
            >
              <span className="mb-plan__name">{p.name}</span>
              <Price fen={p.price} className="mb-plan__price" />
              <span className="mb-plan__days">{p.days}天</span>
              <span className="mb-plan__per-day">低至{formatPrice(p.perDay)}/天</span>
            </button>
          ))}
        </div>
      </section>

      <section className="mb-section card">
        <h3 className="mb-section__title">会员权益</h3>
        <ul className="mb-rights">
          {memberRights(memberPricePercent).map((r) => (
            <li key={r.title}>
              <CheckCircleFill className="mb-rights__icon" />
              <div>
                <strong>{r.title}</strong>
                <span>{r.desc}</span>
              </div>
            </li>
          ))}
        </ul>
        <Link className="mb-saved" to={PATHS.saveMoney} data-testid="member-saved">
          <span>
            会员已为您节省 <em>{formatPrice(saved)}</em>
          </span>
          <span className="mb-saved__more">
            省钱明细 <RightOutline />
          </span>
        </Link>
      </section>

      <section className="mb-section card">
        <h3 className="mb-section__title">支付方式</h3>
        <Radio.Group value={payType} onChange={(v) => setPayType(v as MemberPayType)}>
          <Radio value="balance" className="mb-paytype" block>
            余额支付
            <em className={short ? 'is-short' : ''}>
              可用余额 {balance.data ? formatPrice(balance.data.balance) : '--'}
              {short ? '（余额不足）' : ''}
            </em>
          </Radio>
          <Radio value="sandbox" className="mb-paytype" block>
            模拟支付（沙箱）
          </Radio>
        </Radio.Group>
      </section>

      {pending && (
        <p className="mb-wait" role="status">
          正在等待支付结果（{formatPrice(pending.amount)}）…
          <button type="button" className="mb-link" onClick={stopWaiting}>
            不再等待
          </button>
        </p>
      )}

      <div className="mb-footer">
        <p className="mb-agree">
          开通即表示同意<Link to={PATHS.membersWebLink}>《会员服务协议》</Link>
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={!plan}
          loading={busy && payType === 'sandbox'}
          onClick={() => void submit()}
        >
          {identity.isMember ? '立即续费' : '立即开通'}
          {plan ? ` ${formatPrice(plan.price)}` : ''}
        </Button>
      </div>

      <PayPasswordSheet
        visible={asking}
        title={plan ? `开通${plan.name}` : '请输入支付密码'}
        amount={plan?.price ?? 0}
        onClose={() => setAsking(false)}
        onSubmit={payWithBalance}
      />
    </div>
  );
}
