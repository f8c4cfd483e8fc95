import { TIER_TEXT } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoRulesQuery } from '../api.ts';
import { bpText, discountText } from '../labels.ts';
import '../member.css';

/**
 * 升级说明. The price, the deposit and the commission rates are operator settings, read from
 * promotion/rules so the page states what the upgrade and the commissions will actually be.
 */
export default function UpgradeAgreementPage() {
  const rules = useQuery(promoRulesQuery());
  if (!rules.data) {
    return rules.isError ? (
      <LoadFailed onRetry={() => void rules.refetch()} primary />
    ) : (
      <PageLoading />
    );
  }
  const r = rules.data;
  return (
    <article className="mb-rule card" data-testid="upgrade-agreement">
      <section>
        <h2>一、身份等级</h2>
        <ol>
          <li>{TIER_TEXT.user}：注册即是，可正常购物。</li>
          <li>
            {TIER_TEXT.member}：开通会员套餐后，全场商品享{discountText(r.memberPricePercent)}
            会员价，详见<Link to={PATHS.membersWebLink}>《会员服务协议》</Link>。
          </li>
          <li>{TIER_TEXT.promoter}：通过下述方式升级，推广好友下单可获得佣金。</li>
          <li>{TIER_TEXT.owner}：由平台根据推广业绩审核开通。</li>
        </ol>
      </section>
      <section>
        <h2>二、升级为推广员</h2>
        <ol>
          <li>
            礼包升级：购买{formatPrice(r.upgradePrice)}
            升级礼包，订单支付成功后自动成为推广员，礼包商品随订单正常发货。
          </li>
          {r.bailEnabled ? (
            <li>
              保证金升级：使用账户余额缴纳{formatPrice(r.bailAmount)}
              保证金（需验证支付密码），缴纳成功后立即成为推广员。
            </li>
          ) : (
            <li>保证金升级暂未开放，请通过礼包升级。</li>
          )}
          <li>已是推广员的，无需重复升级。</li>
        </ol>
      </section>
      <section>
        <h2>三、推广佣金</h2>
        <ol>
          <li>
            你邀请的好友下单，你可获得商品实付金额{bpText(r.l1Bp)}
            的佣金；好友邀请的人下单，你可获得{bpText(r.l2Bp)}的佣金（个别商品比例以商品设置为准）。
          </li>
          <li>
            {r.selfPurchase
              ? `推广员自己购买的订单，同样可获得${bpText(r.l1Bp)}的佣金。`
              : '推广员自己购买的订单不产生佣金。'}
          </li>
          <li>
            佣金在订单确认收货{r.settleDays > 0 ? `${r.settleDays}天后` : '后'}
            结算，订单退款的，相应佣金扣回。
          </li>
          <li>
            已结算佣金满{formatPrice(r.withdrawMin)}可申请提现，详见
            <Link to={PATHS.userRule}>《推广规则》</Link>。
          </li>
        </ol>
      </section>
    </article>
  );
}
