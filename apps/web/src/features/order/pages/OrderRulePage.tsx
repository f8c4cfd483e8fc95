import {
  COUPON_EXPIRING_DAYS,
  FREE_SHIPPING_THRESHOLD,
  ORDER_PAY_MINUTES,
  PAY_PASSWORD_LOCK_HOURS,
  PAY_PASSWORD_MAX_TRIES,
  POINTS_DEFAULTS,
  RED_PACKET_MAX_SHARE_PERCENT,
  RED_PACKET_VALID_DAYS,
  SHIPPING_FEE_PER_STORE,
  type WalletRulesData,
} from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import '../../../ui/order/order.css';
import { orderApi } from '../api.ts';

/**
 * The operator's defaults: a rules page that cannot load its numbers still states the rules, and
 * these are what the server runs with unless configured otherwise.
 */
const DEFAULT_RULES: WalletRulesData = {
  redPacketMaxSharePercent: RED_PACKET_MAX_SHARE_PERCENT,
  redPacketValidDays: RED_PACKET_VALID_DAYS,
  couponExpiringDays: COUPON_EXPIRING_DAYS,
  freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
  shippingFeePerStore: SHIPPING_FEE_PER_STORE,
  orderPayMinutes: ORDER_PAY_MINUTES,
  pointsPerYuan: POINTS_DEFAULTS.PER_YUAN,
  pointsMaxSharePercent: POINTS_DEFAULTS.MAX_SHARE_PERCENT,
};

/** writeOrder/rule: the shipping, coupon, deduction and payment rules, as the server applies them. */
export default function OrderRulePage() {
  const query = useQuery({
    queryKey: ['wallet', 'rules'],
    queryFn: orderApi.rules,
    staleTime: 10 * 60_000,
    retry: false,
    meta: { toast: false },
  });
  if (query.isPending) return <PageLoading />;
  const rules = query.data ?? DEFAULT_RULES;
  const free = formatPrice(rules.freeShippingThreshold);
  const fee = formatPrice(rules.shippingFeePerStore);
  return (
    <article className="order-rule" data-testid="order-rule">
      <section>
        <h2>运费规则</h2>
        <ol>
          <li>运费按店铺分别计算：同一订单中每个店铺单独结算运费。</li>
          <li>
            单个店铺的商品金额满{free}包邮；不满{free}的，该店铺收取运费{fee}。
          </li>
          <li>提交订单后，系统按店铺拆分为多个订单，每个订单独立发货。</li>
        </ol>
      </section>
      <section>
        <h2>优惠券规则</h2>
        <ol>
          <li>
            每次下单，每个店铺最多使用1张店铺优惠券，另可叠加使用1张平台优惠券；满减券需商品金额达到使用门槛。
          </li>
          <li>确认订单时默认为你选择最优惠的组合，也可点击“优惠券”自行选择或不使用。</li>
          <li>
            优惠金额按商品金额比例分摊到订单中的每件商品；部分商品退款时，退还该商品实付金额（扣除其分摊的优惠）。
          </li>
          <li>未支付订单取消或超时关闭、或订单在发货前整单退款时，所用优惠券将退回你的账户。</li>
          <li>优惠券到期前{rules.couponExpiringDays}天会标记为“即将过期”，过期后不可使用。</li>
        </ol>
      </section>
      <section>
        <h2>抵扣规则</h2>
        <ol>
          <li>
            红包余额可在下单时抵扣，每次下单最多抵扣商品金额的{rules.redPacketMaxSharePercent}
            %，在确认订单页开关“红包抵扣”即可选择是否使用。
          </li>
          <li>红包抵扣的金额分摊到订单中的每件商品。</li>
          <li>
            积分可在下单时抵扣：每{rules.pointsPerYuan ?? POINTS_DEFAULTS.PER_YUAN}积分抵扣¥1，
            每次下单最多抵扣商品金额（扣除优惠券和红包后）的
            {rules.pointsMaxSharePercent ?? POINTS_DEFAULTS.MAX_SHARE_PERCENT}
            %，在确认订单页开关“积分抵扣”即可选择是否使用。
          </li>
          <li>订单取消时所用积分全部退回；售后退款时按退款金额占该商品实付金额的比例退回积分。</li>
          <li>
            可使用账户余额支付：余额足够支付订单全部金额时可选择余额支付，余额不足时请选择在线支付或先充值。
          </li>
          <li>
            余额支付需输入6位数字支付密码；连续输错{PAY_PASSWORD_MAX_TRIES}次将锁定
            {PAY_PASSWORD_LOCK_HOURS}小时，可通过短信验证重置支付密码解除。
          </li>
        </ol>
      </section>
      <section>
        <h2>支付时限</h2>
        <ol>
          <li>订单提交后请在{rules.orderPayMinutes}分钟内完成支付，在此期间商品库存为你保留。</li>
          <li>超时未支付的订单将自动取消，保留的库存随即释放。</li>
          <li>商品价格以提交订单时为准。</li>
        </ol>
      </section>
    </article>
  );
}
