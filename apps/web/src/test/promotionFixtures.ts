import type {
  CommissionRow,
  IdentityData,
  IncomePage,
  PromoCenterData,
  PromoRulesData,
  TeamMember,
  TeamPage,
  WithdrawInfoData,
} from '@chaopin/contracts';

export function identity(over: Partial<IdentityData> = {}): IdentityData {
  return {
    tier: 'promoter',
    tierText: '推广员',
    memberUntil: null,
    isMember: false,
    isPromoter: true,
    promoterSource: 'upgrade',
    inviteCode: 'AB12CD',
    parent: null,
    boundAt: null,
    canBind: false,
    ...over,
  };
}

export function center(over: Partial<PromoCenterData> = {}): PromoCenterData {
  return {
    identity: identity(),
    today: 120,
    month: 3450,
    total: 12_800,
    pending: 900,
    frozen: 1500,
    settled: 10_400,
    balance: 6400,
    withdrawable: 6400,
    debt: 0,
    withdrawn: 4000,
    orderCount: 12,
    directCount: 5,
    indirectCount: 9,
    ...over,
  };
}

export function member(over: Partial<TeamMember> = {}): TeamMember {
  return {
    userId: 101,
    nickname: '小红',
    avatar: '',
    phone: '138****0001',
    tier: 'user',
    tierText: '普通用户',
    joinedAt: '2024-05-01T08:00:00.000Z',
    orderCount: 3,
    contribution: 1290,
    ...over,
  };
}

export function teamPage(list: TeamMember[], over: Partial<TeamPage> = {}): TeamPage {
  return {
    list,
    total: list.length,
    pageNum: 1,
    pageSize: 20,
    directCount: 5,
    indirectCount: 9,
    nextCursor: '',
    ...over,
  };
}

export function commission(over: Partial<CommissionRow> = {}): CommissionRow {
  return {
    id: 1,
    orderNo: 'CP202405010001',
    level: 1,
    buyer: { nickname: '小红', avatar: '' },
    title: '纯棉T恤',
    image: '',
    base: 19_900,
    rateBp: 1000,
    amount: 1990,
    state: 'frozen',
    stateText: '冻结中',
    settleAt: '2024-05-10T08:00:00.000Z',
    createdAt: '2024-05-01T08:00:00.000Z',
    ...over,
  };
}

export function incomePage(list: CommissionRow[], sum: number): IncomePage {
  return { list, total: list.length, pageNum: 1, pageSize: 20, sum };
}

export function withdrawInfo(over: Partial<WithdrawInfoData> = {}): WithdrawInfoData {
  return {
    withdrawable: 50_000,
    debt: 0,
    min: 1000,
    feeBp: 60,
    dailyLimit: 3,
    todayCount: 1,
    account: {
      account: '13800000000',
      realName: '张*',
      boundAt: '2024-05-01T08:00:00.000Z',
      realNameVerified: true,
    },
    isPromoter: true,
    ...over,
  };
}

export function promoRules(over: Partial<PromoRulesData> = {}): PromoRulesData {
  return {
    l1Bp: 1200,
    l2Bp: 300,
    selfPurchase: true,
    bindWindowHours: 48,
    settleDays: 7,
    memberPricePercent: 95,
    upgradePrice: 59_800,
    bailEnabled: true,
    bailAmount: 29_900,
    withdrawMin: 2000,
    withdrawFeeBp: 100,
    withdrawDailyLimit: 2,
    inviteeGift: 500,
    inviterReward: 1000,
    plans: [],
    ...over,
  };
}
