// What the promotion and wallet pages both say about commission rates and debts.

/** 1000 bp → 10%, 60 bp → 0.6% (bp are integers, so two decimals at most). */
export function rateText(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The one sentence every page about money says about a debt (待还). */
export const DEBT_RULE =
  '已结算的佣金因订单退款被扣回时，超出余额的部分记为待还；之后的佣金收益将优先抵扣待还金额，还清前暂不可提现。';
