import { TIERS, type Tier, type UpgradeData } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { balanceQuery, sharedKeys } from '../../../core/sharedKeys.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { usePayPasswordGate } from '../../../ui/payPassword/usePayPasswordGate.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { memberApi, memberKeys, refreshIdentity, upgradeQuery } from '../api.ts';
import '../member.css';

/** The server's tiers in the ladder's order, whatever order they come in. */
function ladder(data: UpgradeData) {
  return [...data.tiers].sort((a, b) => TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier));
}

function stepClass(tier: Tier, current: Tier): string {
  const diff = TIERS.indexOf(tier) - TIERS.indexOf(current);
  if (diff === 0) return 'mb-step is-current';
  return diff < 0 ? 'mb-step is-done' : 'mb-step';
}

/**
 * 身份升级: the four tiers as a ladder with their rights, mine highlighted, and the ways up to
 * 推广员: the 598 gift package (a normal order) or, where the operator allows, a deposit paid
 * from the balance.
 */
export default function UpgradePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upgrade = useQuery(upgradeQuery());
  const balance = useQuery(balanceQuery());
  const [asking, setAsking] = useState(false);
  const payGate = usePayPasswordGate();

  if (!upgrade.data) {
    return upgrade.isError ? (
      <LoadFailed onRetry={() => void upgrade.refetch()} primary />
    ) : (
      <PageLoading />
    );
  }
  const data = upgrade.data;
  const { identity } = data;

  const startBail = async () => {
    if (balance.data && balance.data.balance < data.bailAmount) {
      return showToast('余额不足，请先充值');
    }
    if (await payGate()) setAsking(true);
  };

  const payBail = async (password: string) => {
    try {
      const next = await memberApi.bailPay(password);
      setAsking(false);
      queryClient.setQueryData(memberKeys.identity, next);
      showSuccess('升级成功');
      void refreshIdentity(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.balance });
    } catch (error) {
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
      if (!isApiError(error) || error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      throw error;
    }
  };

  return (
    <div className="mb-upgrade">
      <section className="mb-upgrade__head">
        <div className="mb-upgrade__label">当前身份</div>
        <div className="mb-upgrade__tier" data-testid="upgrade-current">
          {identity.tierText}
        </div>
        <Link className="mb-upgrade__rule" to={PATHS.upgradeWebLink}>
          升级说明 <RightOutline />
        </Link>
      </section>

      <ol className="mb-ladder card" aria-label="身份等级">
        {ladder(data).map((t, index) => (
          <li
            key={t.tier}
            className={stepClass(t.tier, identity.tier)}
            data-testid={`upgrade-tier-${t.tier}`}
            aria-current={t.tier === identity.tier ? 'step' : undefined}
          >
            <span className="mb-step__dot">
              {TIERS.indexOf(t.tier) < TIERS.indexOf(identity.tier) ? <CheckOutline /> : index + 1}
            </span>
            <div className="mb-step__body">
              <div className="mb-step__name">
                {t.name}
                {t.tier === identity.tier && <span className="mb-step__mine">当前</span>}
              </div>
              <ul className="mb-step__rights">
                {t.rights.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>

      <section className="mb-upgrade__actions card">
        {identity.isPromoter ? (
          <div className="mb-upgrade__done" data-testid="upgrade-done">
            <p>已是{identity.tierText}，推广好友下单即可赚取佣金</p>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              onClick={() => navigate(PATHS.myExtension)}
            >
              进入推广中心
            </Button>
          </div>
        ) : (
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              data-testid="upgrade-598"
              onClick={() => navigate(PATHS.fiveNinetyEight)}
            >
              {formatPrice(data.price)} 礼包升级
            </Button>
            <p className="mb-upgrade__hint">购买升级礼包，订单支付成功即成为推广员</p>
            {data.bailEnabled && (
              <>
                <Button
                  block
                  color="primary"
                  fill="outline"
                  shape="rounded"
                  size="large"
                  data-testid="upgrade-bail"
                  onClick={() => void startBail()}
                >
                  缴纳保证金升级（{formatPrice(data.bailAmount)}）
                </Button>
                <p className="mb-upgrade__hint">使用账户余额缴纳，缴纳成功即成为推广员</p>
              </>
            )}
          </>
        )}
      </section>

      <PayPasswordSheet
        visible={asking}
        title="缴纳保证金"
        amount={data.bailAmount}
        onClose={() => setAsking(false)}
        onSubmit={payBail}
      />
    </div>
  );
}
