import {
  FREE_SHIPPING_THRESHOLD,
  ORDER_PAY_MINUTES,
  PAY_PASSWORD_LOCK_HOURS,
  PAY_PASSWORD_MAX_TRIES,
  SHIPPING_FEE_PER_STORE,
} from '@chaopin/contracts';
import { formatPrice } from '../../../core/format.ts';
import '../order.css';

/** writeOrder/rule: the real shipping, deduction and payment rules (numbers from the contracts). */
export default function OrderRulePage() {
  const free = formatPrice(FREE_SHIPPING_THRESHOLD);
  const fee = formatPrice(SHIPPING_FEE_PER_STORE);
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
        <h2>抵扣规则</h2>
        <ol>
          <li>暂不支持积分抵扣。</li>
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
          <li>订单提交后请在{ORDER_PAY_MINUTES}分钟内完成支付，在此期间商品库存为你保留。</li>
          <li>超时未支付的订单将自动取消，保留的库存随即释放。</li>
          <li>商品价格以提交订单时为准。</li>
        </ol>
      </section>
    </article>
  );
}
