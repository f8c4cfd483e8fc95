import type { PointsHomeData } from '@chaopin/contracts';

interface Props {
  /** The operator's numbers (points/home): the page must say what a sign-in will give. */
  rules: PointsHomeData['rules'];
}

/** 积分规则: the page bottomLayer and the sheet of 积分签到 show this one text. */
export function PointsRules({ rules }: Props) {
  return (
    <article className="wl-rule pt-rule" data-testid="points-rule">
      <section>
        <h2>一、每日签到</h2>
        <ol>
          <li>
            每个自然日（按北京时间计）可签到一次，每次签到获得
            <em data-testid="rule-sign-in">{rules.signIn}</em>积分。
          </li>
          <li>
            连续签到第7天额外奖励<em data-testid="rule-streak7">{rules.streak7Bonus}</em>
            积分，连续签到第30天额外奖励
            <em data-testid="rule-streak30">{rules.streak30Bonus}</em>积分。
          </li>
          <li>漏签一天，连续签到天数将从第1天重新计算。</li>
        </ol>
      </section>
      <section>
        <h2>二、每日首单</h2>
        <ol>
          <li>
            每天首笔支付成功的订单可获得<em data-testid="rule-first-order">{rules.firstOrder}</em>
            积分，每天限一次。
          </li>
        </ol>
      </section>
      <section>
        <h2>三、积分抵扣</h2>
        <ol>
          <li>
            下单时可用积分抵扣现金：每<em data-testid="rule-per-yuan">{rules.perYuan ?? 100}</em>
            积分抵扣¥1，每单最多抵扣商品金额的{rules.maxSharePercent ?? 20}%。
          </li>
          <li>订单取消时积分全部退回；售后退款时按退款比例退回。</li>
        </ol>
      </section>
      <section>
        <h2>四、积分有效期</h2>
        <ol>
          {(rules.expiryYears ?? 1) > 0 ? (
            <>
              <li data-testid="rule-expiry">
                每年获得的积分，有效期至
                {(rules.expiryYears ?? 1) === 1 ? '次年' : `第${rules.expiryYears}年`}
                12月31日24:00，到期未使用的积分将自动清零（先获得的积分先使用）。
              </li>
              <li>积分过期前{rules.expiryNoticeDays ?? 30}天，将通过消息中心提醒你。</li>
            </>
          ) : (
            <li data-testid="rule-expiry">积分长期有效。</li>
          )}
        </ol>
      </section>
      <section>
        <h2>五、积分明细</h2>
        <ol>
          <li>积分的每一笔获得与使用都记录在“积分明细”中，可按月份查看。</li>
        </ol>
      </section>
    </article>
  );
}
