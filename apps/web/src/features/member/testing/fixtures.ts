import {
  type IdentityData,
  MEMBER_PLAN_DEFAULTS,
  MEMBER_PLANS,
  type MemberPlan,
  type PromoRulesData,
  type UpgradeData,
} from '@chaopin/contracts';

export const userIdentity: IdentityData = {
  tier: 'user',
  tierText: '普通用户',
  memberUntil: null,
  isMember: false,
  isPromoter: false,
  promoterSource: null,
  inviteCode: 'AB12CD',
  parent: null,
  boundAt: null,
  canBind: false,
};

export const memberIdentity: IdentityData = {
  ...userIdentity,
  tier: 'member',
  tierText: '会员',
  memberUntil: '2030-06-30T16:00:00.000Z',
  isMember: true,
};

export const promoterIdentity: IdentityData = {
  ...userIdentity,
  tier: 'promoter',
  tierText: '推广员',
  isPromoter: true,
  promoterSource: 'upgrade',
};

export const plans: MemberPlan[] = MEMBER_PLANS.map((id) => {
  const { name, price, days } = MEMBER_PLAN_DEFAULTS[id];
  return { id, name, price, days, perDay: Math.round(price / days) };
});

export const upgradeData = (identity: IdentityData): UpgradeData => ({
  identity,
  price: 59_800,
  bailEnabled: true,
  bailAmount: 29_900,
  packages: [
    { productId: 7, skuId: 71, title: '598升级礼包', image: '/uploads/gift.png', price: 59_800 },
  ],
  tiers: [
    { tier: 'owner', name: '店主', rights: ['团队管理'] },
    { tier: 'user', name: '普通用户', rights: ['正常购物'] },
    { tier: 'promoter', name: '推广员', rights: ['推广赚佣金'] },
    { tier: 'member', name: '会员', rights: ['全场9.5折'] },
  ],
});

export const rules: PromoRulesData = {
  l1Bp: 1000,
  l2Bp: 500,
  selfPurchase: false,
  bindWindowHours: 0,
  settleDays: 7,
  memberPricePercent: 95,
  upgradePrice: 59_800,
  bailEnabled: true,
  bailAmount: 29_900,
  withdrawMin: 1000,
  withdrawFeeBp: 60,
  withdrawDailyLimit: 3,
  inviteeGift: 500,
  inviterReward: 1000,
  plans,
};
