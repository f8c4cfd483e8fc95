// What the promotion and wallet pages both say about commission rates and debts.

/** 1000 bp → 10%, 60 bp → 0.6% (bp are integers, so two decimals at most). */
export function rateText(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The one sentence every page about money says about a debt (待还). */
export const DEBT_RULE =
  '已结算的佣金因订单退款被扣回时，超出余额的部分记为待还；之后的佣金收益将优先抵扣待还金额，还清前暂不可提现。';

/** The bind window as the rules say it (0: only when registering). */
export function bindWindowText(hours: number): string {
  if (hours <= 0) return '仅可在注册时填写邀请码绑定邀请人';
  const span = hours % 24 === 0 ? `${hours / 24}天` : `${hours}小时`;
  return `注册后${span}内可补填邀请码绑定邀请人`;
}
