// 推广中心: my team (two levels) and commissions. Money is integer fen; rates are basis points.
import { type Static, Type } from 'typebox';
import { PagedQuery } from '../envelope.ts';
import { IdentityData, MemberPlan, TierSchema } from './membership.ts';
import { PersonBrief } from './schemas.ts';

/** 推广中心 (myExtension, myTotalIncome). */
export const PromoCenterData = Type.Object({
  identity: IdentityData,
  today: Type.Integer(),
  month: Type.Integer(),
  /** Every commission earned and not voided. */
  total: Type.Integer(),
  /** 待结算 (paid, not yet received); 冻结中 is `frozen`: neither is withdrawable yet. */
  pending: Type.Integer(),
  frozen: Type.Integer(),
  settled: Type.Integer(),
  /** The commission balance (negative: a debt, 待还). */
  balance: Type.Integer(),
  withdrawable: Type.Integer(),
  debt: Type.Integer(),
  withdrawn: Type.Integer(),
  orderCount: Type.Integer(),
  directCount: Type.Integer(),
  indirectCount: Type.Integer(),
});
export type PromoCenterData = Static<typeof PromoCenterData>;

export const TEAM_LEVELS = ['1', '2'] as const;
export const TeamQuery = PagedQuery({
  level: Type.Optional(Type.Enum([...TEAM_LEVELS], { default: '1', errorId: 'INVALID_PARAM' })),
  keyword: Type.Optional(Type.String({ maxLength: 20, errorId: 'INVALID_PARAM' })),
  /**
   * The page after the one whose `nextCursor` this is (without a keyword): a keyset, so a deep page
   * costs what the first one does; `pageNum` is then ignored.
   */
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,17}_[0-9]{1,10}$', errorId: 'INVALID_PARAM' }),
  ),
});
export type TeamQuery = Static<typeof TeamQuery>;
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Masked phone, 138****0000. */
  phone: Type.String(),
  tier: TierSchema,
  tierText: Type.String(),
  joinedAt: Type.String(),
  /** Orders of theirs that earned me commission, and what they earned me (not voided). */
  orderCount: Type.Integer(),
  contribution: Type.Integer(),
});
export type TeamMember = Static<typeof TeamMember>;
export const TeamPage = Type.Object({
  list: Type.Array(TeamMember),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  directCount: Type.Integer(),
  indirectCount: Type.Integer(),
  /** Pass as `cursor` for the next page; '' on the last page and for keyword searches. */
  nextCursor: Type.String(),
});
export type TeamPage = Static<typeof TeamPage>;

export const COMMISSION_STATES = ['pending', 'frozen', 'settled', 'void'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_STATE_TEXT: Record<CommissionState, string> = {
  pending: '待结算',
  frozen: '冻结中',
  settled: '已结算',
  void: '已失效',
};
export const IncomeQuery = PagedQuery({
  state: Type.Optional(
    Type.Enum(['all', ...COMMISSION_STATES], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
  level: Type.Optional(Type.Enum(['all', '1', '2'], { default: 'all', errorId: 'INVALID_PARAM' })),
  /** YYYY-MM (Asia/Shanghai). */
  month: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', errorId: 'BILL_MONTH_INVALID' }),
  ),
});
export type IncomeQuery = Static<typeof IncomeQuery>;
export const CommissionRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  level: Type.Integer(),
  buyer: PersonBrief,
  title: Type.String(),
  image: Type.String(),
  /** The line's paid amount (after discounts, net of refunds) the rate applies to. */
  base: Type.Integer(),
  rateBp: Type.Integer(),
  amount: Type.Integer(),
  state: Type.Enum([...COMMISSION_STATES]),
  stateText: Type.String(),
  /** When it becomes settled (frozen rows). */
  settleAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type CommissionRow = Static<typeof CommissionRow>;
export const IncomePage = Type.Object({
  list: Type.Array(CommissionRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** The filtered rows' amounts summed. */
  sum: Type.Integer(),
});
export type IncomePage = Static<typeof IncomePage>;

/** userRule/rule, queryExplanation, moneyStrategy: the numbers as configured. */
export const PromoRulesData = Type.Object({
  l1Bp: Type.Integer(),
  l2Bp: Type.Integer(),
  selfPurchase: Type.Boolean(),
  bindWindowHours: Type.Integer(),
  settleDays: Type.Integer(),
  memberPricePercent: Type.Integer(),
  upgradePrice: Type.Integer(),
  bailEnabled: Type.Boolean(),
  bailAmount: Type.Integer(),
  withdrawMin: Type.Integer(),
  withdrawFeeBp: Type.Integer(),
  withdrawDailyLimit: Type.Integer(),
  inviteeGift: Type.Integer(),
  inviterReward: Type.Integer(),
  plans: Type.Array(MemberPlan),
});
export type PromoRulesData = Static<typeof PromoRulesData>;
