import type { PromoRulesData } from '@chaopin/contracts';
import { formatPrice } from '../../core/format.ts';
import { bindWindowText, DEBT_RULE, rateText } from '../promoRuleText.ts';
import './promotion.css';

/** The 推广规则 page's configured numbers, as a table under the operator's text. */
export function PromoRuleFacts({ rules }: { rules: PromoRulesData }) {
  const facts: [string, string][] = [
    [
      '成为推广员',
      rules.bailEnabled
        ? `购买${formatPrice(rules.upgradePrice)}礼包，或缴纳${formatPrice(rules.bailAmount)}保证金`
        : `购买${formatPrice(rules.upgradePrice)}礼包`,
    ],
    ['一级佣金', `直属成员下单，得实付金额的${rateText(rules.l1Bp)}`],
    ['二级佣金', `间接成员（直属成员邀请的好友）下单，得实付金额的${rateText(rules.l2Bp)}`],
    ['自购佣金', rules.selfPurchase ? '推广员本人下单可得一级佣金' : '本人下单不计佣金'],
    ['绑定邀请人', `${bindWindowText(rules.bindWindowHours)}，绑定后不可更改`],
    [
      '佣金结算',
      `订单确认收货后佣金冻结${rules.settleDays}天，期满结算为可提现佣金；结算前退款的部分不计佣金`,
    ],
    [
      '邀请奖励',
      `好友注册得${formatPrice(rules.inviteeGift)}红包，好友首单确认收货后您得${formatPrice(rules.inviterReward)}`,
    ],
    [
      '佣金提现',
      `单笔最低${formatPrice(rules.withdrawMin)}，手续费${rateText(rules.withdrawFeeBp)}，每天最多${rules.withdrawDailyLimit}次`,
    ],
    ['待还佣金', DEBT_RULE],
  ];
  return (
    <section className="pr-facts card" data-testid="promo-rule-facts">
      <h3>当前规则</h3>
      <dl>
        {facts.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
