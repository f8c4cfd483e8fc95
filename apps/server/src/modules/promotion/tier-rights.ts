import type { Tier } from '@chaopin/contracts';

const pct = (bp: number) => `${bp / 100}%`;
const zhe = (percent: number) => `${percent / 10}折`;

/** What each tier gets, in the configured numbers (the upgrade page's ladder). */
export const TIER_RIGHTS: Record<
  Tier,
  (n: { l1: number; l2: number; percent: number }) => string[]
> = {
  user: () => ['浏览购物、观看直播', '领取优惠券和红包', '邀请好友得奖励'],
  member: (n) => [`全场商品会员价 ${zhe(n.percent)}`, '会员专享优惠券', '省钱明细随时查看'],
  promoter: (n) => [
    `直属好友订单佣金 ${pct(n.l1)}`,
    `间接好友订单佣金 ${pct(n.l2)}`,
    '推广中心、团队管理',
    '佣金可提现到支付宝',
  ],
  owner: (n) => [
    `享推广员全部权益（佣金 ${pct(n.l1)} / ${pct(n.l2)}）`,
    '开设自己的店铺',
    '专属运营扶持',
  ],
};
