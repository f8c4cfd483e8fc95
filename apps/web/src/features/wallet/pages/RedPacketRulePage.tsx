import { RED_PACKET_SOURCE_TEXT } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../../../ui/bills/wallet.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { walletRulesQuery } from '../api.ts';

/**
 * befoUse (红包使用规则). The share and the validity are operator settings, so they come from
 * wallet/rules rather than the contract defaults: the page must say what checkout will do.
 */
export default function RedPacketRulePage() {
  const rules = useQuery(walletRulesQuery());
  if (rules.isError && !rules.data) {
    return <LoadFailed onRetry={() => void rules.refetch()} linkClassName="wl-link" />;
  }
  if (!rules.data) return <PageLoading />;
  const { redPacketMaxSharePercent: share, redPacketValidDays: days } = rules.data;
  return (
    <article className="wl-rule card" data-testid="redpacket-rule">
      <section>
        <h2>一、红包的获得</h2>
        <ol>
          <li>
            红包来自{Object.values(RED_PACKET_SOURCE_TEXT).join('、')}
            等渠道，发放后可在“我的红包”中查看。
          </li>
          <li>未拆的红包显示可拆得的最高金额，实际金额在拆开时由系统确定，拆开后不再变化。</li>
        </ol>
      </section>
      <section>
        <h2>二、有效期</h2>
        <ol>
          <li>未拆的红包自发放起{days}天内有效（以红包上显示的到期时间为准），请在到期前拆开。</li>
          <li>过期未拆的红包将失效、无法再拆开，可在“已过期”中一键删除。</li>
        </ol>
      </section>
      <section>
        <h2>三、红包余额的使用</h2>
        <ol>
          <li>拆开的红包金额自动计入红包余额。</li>
          <li>提交订单时可使用红包余额抵扣，每笔订单最多抵扣商品金额的{share}%。</li>
          <li>红包余额不可提现。</li>
        </ol>
      </section>
      <section>
        <h2>四、退款</h2>
        <ol>
          <li>使用红包余额抵扣的订单发生退款时，抵扣的红包金额按退款比例退回红包余额。</li>
        </ol>
      </section>
      <p className="wl-rule__more">
        余额与佣金的提现说明见<Link to={PATHS.withdrawRule}>《提现规则》</Link>。
      </p>
    </article>
  );
}
