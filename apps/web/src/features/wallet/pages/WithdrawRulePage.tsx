import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../wallet.css';

/**
 * 提现规则. No withdrawal exists yet (no route, no configured minimum, fee or payout days), so
 * the page says so instead of stating numbers the app would not honour; when withdrawal ships,
 * its numbers belong in WalletRulesData and this page reads them from wallet/rules.
 */
export default function WithdrawRulePage() {
  return (
    <article className="wl-rule card" data-testid="withdraw-rule">
      <section>
        <h2>一、余额提现</h2>
        <ol>
          <li>
            账户余额来自充值（单笔{formatPrice(RECHARGE_MIN)}～{formatPrice(RECHARGE_MAX)}
            ）和余额支付订单的退款，可用于支付订单。
          </li>
          <li>余额提现暂未开放，目前余额仅可用于购物消费。</li>
          <li>提现开放后，最低提现金额、手续费及到账时间将在本页公布，以公布的规则为准。</li>
        </ol>
      </section>
      <section>
        <h2>二、佣金提现</h2>
        <ol>
          <li>佣金来自推广收益，佣金提现将随推广中心一同开放，敬请期待。</li>
          <li>开放后的提现门槛、手续费及到账时间以届时公布的规则为准。</li>
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
    </article>
  );
}
