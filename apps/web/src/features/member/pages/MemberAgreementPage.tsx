import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoRulesQuery } from '../api.ts';
import { discountText } from '../labels.ts';
import '../member.css';

/**
 * 会员服务协议. Plans, prices and the member price are operator settings, so they come from
 * promotion/rules: the agreement must state what the purchase and checkout will actually do.
 */
export default function MemberAgreementPage() {
  const rules = useQuery(promoRulesQuery());
  if (!rules.data) {
    return rules.isError ? (
      <LoadFailed onRetry={() => void rules.refetch()} primary />
    ) : (
      <PageLoading />
    );
  }
  const { plans, memberPricePercent } = rules.data;
  return (
    <article className="mb-rule card" data-testid="member-agreement">
      <p>
        欢迎开通会员服务。请在开通前仔细阅读本协议，点击“立即开通”或“立即续费”并完成支付，即表示您已阅读并同意本协议的全部内容。
      </p>
      <section>
        <h2>一、会员套餐</h2>
        <ol>
          {plans.map((p) => (
            <li key={p.id}>
              {p.name}：{formatPrice(p.price)}，有效期{p.days}天。
            </li>
          ))}
          <li>会员有效期自支付成功时起算；有效期内续费的，新的有效期自原到期日起顺延。</li>
          <li>支持账户余额支付（需验证支付密码）和在线支付，支付成功后会员权益立即生效。</li>
        </ol>
      </section>
      <section>
        <h2>二、会员权益</h2>
        <ol>
          <li>
            会员有效期内购买平台商品，按商品售价的{memberPricePercent}%（即
            {discountText(memberPricePercent)}
            ）计算会员价，金额向下取整到分，下单时自动减免，无需领取。
          </li>
          <li>会员价与优惠券、红包同时使用时，实付金额以确认订单页的计算结果为准。</li>
          <li>
            每笔订单节省的金额可在<Link to={PATHS.saveMoney}>《会员省钱明细》</Link>
            中查看；已退款订单不计入节省金额。
          </li>
        </ol>
      </section>
      <section>
        <h2>三、其他约定</h2>
        <ol>
          <li>会员服务为虚拟权益，支付成功后即时生效，仅限本账号使用，不可转让。</li>
          <li>会员到期后权益自动失效，到期后下单按商品售价计算；续费后权益恢复。</li>
          <li>如发现利用会员身份进行违规套利等行为，平台有权暂停相关权益。</li>
          <li>
            如有疑问，请通过<Link to={PATHS.contactUs}>“联系我们”</Link>与客服联系。
          </li>
        </ol>
      </section>
    </article>
  );
}
