import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoRulesQuery } from '../../member/api.ts';
import { DEBT_RULE, rateText } from '../../promotion/labels.ts';
import '../wallet.css';

/**
 * 提现规则. Commission is what can be withdrawn; its minimum, fee, daily count and settlement
 * days are operator settings, so they come from promotion/rules rather than the contract
 * defaults: the page must say what withdraw/apply will do. The balance cannot be withdrawn.
 */
export default function WithdrawRulePage() {
  const rules = useQuery(promoRulesQuery());
  if (rules.isError && !rules.data) {
    return (
      <ErrorBlock status="default" title="加载失败" description="请稍后重试">
        <button type="button" className="wl-link" onClick={() => void rules.refetch()}>
          重新加载
        </button>
      </ErrorBlock>
    );
  }
  if (!rules.data) return <PageLoading />;
  const r = rules.data;
  return (
    <article className="wl-rule card" data-testid="withdraw-rule">
      <section>
        <h2>一、佣金提现</h2>
        <ol>
          <li>
            佣金来自推广收益：买家确认收货后佣金冻结{r.settleDays}
            天，期满结算后计入可提现佣金；结算前退款的部分不计佣金。
          </li>
          <li>推广员方可提现佣金。提现前须完成实名认证，并绑定本人实名的支付宝账号。</li>
          <li>
            单笔提现最低{formatPrice(r.withdrawMin)}；手续费为提现金额的
            {rateText(r.withdrawFeeBp)}（不足1分的部分不收取），实际到账金额为提现金额减去手续费。
          </li>
          <li>每天最多提现{r.withdrawDailyLimit}次（按北京时间计）。</li>
          <li>
            提现申请经平台审核后打款至您的支付宝账号；审核驳回或打款失败时，提现金额退回佣金余额。
          </li>
          <li>{DEBT_RULE}</li>
        </ol>
      </section>
      <section>
        <h2>二、余额提现</h2>
        <ol>
          <li>
            账户余额来自充值（单笔{formatPrice(RECHARGE_MIN)}～{formatPrice(RECHARGE_MAX)}
            ）和余额支付订单的退款，可用于支付订单。
          </li>
          <li>余额提现暂未开放，目前余额仅可用于购物消费。</li>
        </ol>
      </section>
      <section>
        <h2>三、红包余额</h2>
        <ol>
          <li>
            红包余额不可提现，仅可在下单时抵扣商品金额，详见
            <Link to={PATHS.redPacketRule}>《红包使用规则》</Link>。
          </li>
        </ol>
      </section>
      <p className="wl-rule__more">
        佣金的计算与结算见<Link to={PATHS.userRule}>《推广规则》</Link>。
      </p>
    </article>
  );
}
