// Social commerce: identity tiers, membership (会员), the 598 upgrade (推广员), two-level promotion
// (binding, team, commissions) and withdrawal of commission to a payment-app account.
// Money is integer fen; rates are basis points (1 bp = 0.01 %); times are ISO strings.
import { type Static, Type } from 'typebox';
import { MAX_ID, PAY_PASSWORD_PATTERN } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, GatewayPayData, PAY_TYPES } from './order.ts';

/** Operator defaults (env PROMO_* / MEMBER_* / WITHDRAW_*); the pages show what is configured. */
export const PROMO_DEFAULTS = {
  /** Level 1 (the buyer's parent) and level 2 (the grandparent) commission of a line's paid amount. */
  L1_BP: 1000,
  L2_BP: 500,
  /** A promoter's own purchases earn them level-1 commission. */
  SELF_PURCHASE: false,
  /** Hours after registration in which a user may still be bound by an invite code (0: at registration only). */
  BIND_WINDOW_HOURS: 0,
  /** Member price: this percent of the list price (95 → 9.5折). */
  MEMBER_PRICE_PERCENT: 95,
  /** The 598 upgrade's price and, where allowed, its refundable deposit (bail) variant. */
  UPGRADE_PRICE: 59_800,
  BAIL_ENABLED: true,
  BAIL_AMOUNT: 29_900,
  /** Withdrawal: minimum, fee, count per day (Asia/Shanghai). */
  WITHDRAW_MIN: 1_000,
  WITHDRAW_FEE_BP: 60,
  WITHDRAW_DAILY_LIMIT: 3,
  /** The invitee's gift red packet and the inviter's reward when the invitee's first order is received. */
  INVITEE_RED_PACKET: 500,
  INVITER_REWARD: 1_000,
} as const;

export const MEMBER_PLANS = ['month', 'quarter', 'year'] as const;
export type MemberPlanId = (typeof MEMBER_PLANS)[number];
export const MEMBER_PLAN_DEFAULTS: Record<
  MemberPlanId,
  { name: string; price: number; days: number }
> = {
  month: { name: '月卡', price: 1_900, days: 30 },
  quarter: { name: '季卡', price: 4_900, days: 90 },
  year: { name: '年卡', price: 16_800, days: 365 },
};

/** A member's price for a list price: the configured percent, rounded down to the fen, at least 1. */
export function memberPriceOf(price: number, percent: number): number {
  if (percent >= 100) return price;
  return Math.max(1, Math.floor((price * percent) / 100));
}

export const TIERS = ['user', 'member', 'promoter', 'owner'] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_TEXT: Record<Tier, string> = {
  user: '普通用户',
  member: '会员',
  promoter: '推广员',
  owner: '店主',
};
const TierSchema = Type.Enum([...TIERS]);

const PayPassword = Type.String({ pattern: PAY_PASSWORD_PATTERN, errorId: 'PAY_PASSWORD_FORMAT' });
const ClientKey = Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' });

const PersonBrief = Type.Object({ nickname: Type.String(), avatar: Type.String() });

/** Who I am in the programme (我的, the upgrade page, 推广中心). */
export const IdentityData = Type.Object({
  tier: TierSchema,
  tierText: Type.String(),
  /** The paid membership's end (null: never a member); a promoter may be a member too. */
  memberUntil: Type.Union([Type.String(), Type.Null()]),
  isMember: Type.Boolean(),
  /** 推广员 or above: earns commission, may withdraw. */
  isPromoter: Type.Boolean(),
  /** How the identity came: 598 purchase, deposit, operator. */
  promoterSource: Type.Union([
    Type.Literal('upgrade'),
    Type.Literal('bail'),
    Type.Literal('operator'),
    Type.Null(),
  ]),
  inviteCode: Type.String(),
  /** Who invited me (the binding), visible to both. */
  parent: Type.Union([PersonBrief, Type.Null()]),
  boundAt: Type.Union([Type.String(), Type.Null()]),
  /** Whether an invite code may still be entered (the binding window is open and I have none). */
  canBind: Type.Boolean(),
});
export type IdentityData = Static<typeof IdentityData>;

export const MemberPlan = Type.Object({
  id: Type.Enum([...MEMBER_PLANS]),
  name: Type.String(),
  price: Type.Integer(),
  days: Type.Integer(),
  /** Price per day (fen, rounded), for the "低至" label. */
  perDay: Type.Integer(),
});
export type MemberPlan = Static<typeof MemberPlan>;

export const MemberPlansData = Type.Object({
  plans: Type.Array(MemberPlan),
  memberPricePercent: Type.Integer(),
  identity: IdentityData,
  /** What membership saved so far (exact, from the orders). */
  saved: Type.Integer(),
});
export type MemberPlansData = Static<typeof MemberPlansData>;

export const MemberBuyBody = Type.Object({
  plan: Type.Enum([...MEMBER_PLANS], { errorId: 'MEMBER_PLAN_INVALID' }),
  payType: Type.Enum([...PAY_TYPES], { errorId: 'PAY_TYPE_INVALID' }),
  /** The pay password, for balance. */
  password: Type.Optional(PayPassword),
  /** One purchase per key: a resubmit answers the same purchase. */
  clientKey: ClientKey,
});
export type MemberBuyBody = Static<typeof MemberBuyBody>;

export const MemberBuyData = Type.Object({
  purchaseNo: Type.String(),
  status: Type.Union([Type.Literal('paid'), Type.Literal('pending')]),
  memberUntil: Type.Union([Type.String(), Type.Null()]),
  /** The gateway's cashier when paying with it. */
  cashier: Type.Union([GatewayPayData, Type.Null()]),
});
export type MemberBuyData = Static<typeof MemberBuyData>;

export const MemberPurchaseQuery = Type.Object({
  purchaseNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'MEMBER_PURCHASE_NOT_FOUND' }),
});
export type MemberPurchaseQuery = Static<typeof MemberPurchaseQuery>;

/** SaveMoneyDetail: one paid order's member saving. */
export const SavingRow = Type.Object({
  orderNo: Type.String(),
  title: Type.String(),
  image: Type.String(),
  /** List price × quantity of the order's goods, and what membership took off it. */
  listAmount: Type.Integer(),
  saved: Type.Integer(),
  paidAt: Type.String(),
});
export type SavingRow = Static<typeof SavingRow>;
export const SavingsPage = Type.Object({
  list: Type.Array(SavingRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** Sum of every paid order's saving (refunded orders excluded). */
  totalSaved: Type.Integer(),
  orderCount: Type.Integer(),
});
export type SavingsPage = Static<typeof SavingsPage>;

/** userUpgrade/upgrade, fiveNinetyEight: tiers with their rights, the 598 package, the deposit. */
export const TierInfo = Type.Object({
  tier: TierSchema,
  name: Type.String(),
  rights: Type.Array(Type.String()),
});
export const UpgradeData = Type.Object({
  identity: IdentityData,
  price: Type.Integer(),
  bailEnabled: Type.Boolean(),
  bailAmount: Type.Integer(),
  /** The gift package bought for the upgrade (placed as a normal order). */
  packages: Type.Array(
    Type.Object({
      productId: Type.Integer(),
      skuId: Type.Integer(),
      title: Type.String(),
      image: Type.String(),
      price: Type.Integer(),
    }),
  ),
  tiers: Type.Array(TierInfo),
});
export type UpgradeData = Static<typeof UpgradeData>;

export const BailPayBody = Type.Object({
  password: PayPassword,
});
export type BailPayBody = Static<typeof BailPayBody>;

export const InviteCode = Type.String({
  minLength: 4,
  maxLength: 16,
  pattern: '^[A-Za-z0-9]+$',
  errorId: 'INVITE_CODE_INVALID',
});
export const BindBody = Type.Object({ inviteCode: InviteCode });
export type BindBody = Static<typeof BindBody>;

/** inviteFriend / userQR: my code, the registration link and the poster. */
export const InviteData = Type.Object({
  inviteCode: Type.String(),
  /** The app's registration page with my code (what the QR code holds). */
  link: Type.String(),
  /** The server-drawn poster (PNG) with my avatar, name, code and QR code. */
  posterUrl: Type.String(),
  inviteeGift: Type.Integer(),
  inviterReward: Type.Integer(),
  invitedCount: Type.Integer(),
});
export type InviteData = Static<typeof InviteData>;

/** One friend who helped (registered through my invitation), newest first. */
export const HelpRedHelper = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  /** When the friend bound to my invitation. */
  helpedAt: Type.String(),
  /** My red packet for this friend (fen), once their first order was received; else null. */
  reward: Type.Union([Type.Null(), Type.Integer()]),
});
export type HelpRedHelper = Static<typeof HelpRedHelper>;

/** userHelpRed (好友助力红包): who helped me, what it earned me, and what is still to come. */
export const HelpRedData = Type.Object({
  /** The red packet (fen) each helping friend earns me after their first order is received. */
  rewardPerFriend: Type.Integer(),
  /** The red packet (fen) a friend gets for registering through my invitation. */
  inviteeGift: Type.Integer(),
  helperCount: Type.Integer(),
  rewardedCount: Type.Integer(),
  /** Red packets (fen) received so far through helping friends. */
  earned: Type.Integer(),
  /** The latest helpers (up to the query's size). */
  helpers: Type.Array(HelpRedHelper),
});
export type HelpRedData = Static<typeof HelpRedData>;
export const HelpRedQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, errorId: 'INVALID_PARAM' })),
});
export type HelpRedQuery = Static<typeof HelpRedQuery>;

/** pages/share?type=invite: the inviter a shared link names, and the friends who helped them. */
export const InviterCardData = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  helperCount: Type.Integer(),
  /** The red packet (fen) a friend gets for registering through the invitation. */
  inviteeGift: Type.Integer(),
  /** The latest helpers, their names masked (a stranger opens this page). */
  helpers: Type.Array(Type.Omit(HelpRedHelper, ['reward'])),
});
export type InviterCardData = Static<typeof InviterCardData>;
export const InviterCardQuery = Type.Object({ code: InviteCode });
export type InviterCardQuery = Static<typeof InviterCardQuery>;

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

/** alipayNumber: the payment-app account commission is withdrawn to. */
export const PayoutAccountData = Type.Object({
  account: Type.Union([Type.String(), Type.Null()]),
  /** Masked: 张* */
  realName: Type.Union([Type.String(), Type.Null()]),
  boundAt: Type.Union([Type.String(), Type.Null()]),
  /** The user's verified real name exists (required before binding). */
  realNameVerified: Type.Boolean(),
});
export type PayoutAccountData = Static<typeof PayoutAccountData>;
export const PayoutAccountBody = Type.Object({
  /** A phone number or an e-mail address. */
  account: Type.String({
    minLength: 5,
    maxLength: 64,
    pattern: '^(1[3-9]\\d{9}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,})$',
    errorId: 'PAYOUT_ACCOUNT_INVALID',
  }),
  realName: Type.String({ minLength: 2, maxLength: 20, errorId: 'PAYOUT_NAME_MISMATCH' }),
});
export type PayoutAccountBody = Static<typeof PayoutAccountBody>;

export const WithdrawInfoData = Type.Object({
  withdrawable: Type.Integer(),
  debt: Type.Integer(),
  min: Type.Integer(),
  feeBp: Type.Integer(),
  dailyLimit: Type.Integer(),
  todayCount: Type.Integer(),
  account: PayoutAccountData,
  isPromoter: Type.Boolean(),
});
export type WithdrawInfoData = Static<typeof WithdrawInfoData>;

export const WithdrawApplyBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000, errorId: 'WITHDRAW_AMOUNT_INVALID' }),
  password: PayPassword,
  clientKey: ClientKey,
});
export type WithdrawApplyBody = Static<typeof WithdrawApplyBody>;

export const WITHDRAW_STATES = ['pending', 'paying', 'succeeded', 'rejected', 'failed'] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];
export const WITHDRAW_STATE_TEXT: Record<WithdrawState, string> = {
  pending: '审核中',
  paying: '打款中',
  succeeded: '提现成功',
  rejected: '已驳回',
  failed: '打款失败',
};
export const Withdrawal = Type.Object({
  withdrawNo: Type.String(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  /** What reaches the account: amount − fee. */
  net: Type.Integer(),
  account: Type.String(),
  state: Type.Enum([...WITHDRAW_STATES]),
  stateText: Type.String(),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalPage = Type.Object({
  list: Type.Array(Withdrawal),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type WithdrawalPage = Static<typeof WithdrawalPage>;
export const WithdrawNoQuery = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
});
export type WithdrawNoQuery = Static<typeof WithdrawNoQuery>;
export const WithdrawListQuery = PagedQuery({
  state: Type.Optional(
    Type.Enum(['all', ...WITHDRAW_STATES], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
});
export type WithdrawListQuery = Static<typeof WithdrawListQuery>;

// --- operator ---
const UserId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'USER_NOT_FOUND' });
export const AdminIdentityBody = Type.Object({
  userId: UserId,
  /** promoter / owner grants; user takes the operator's grant back. */
  tier: Type.Enum(['user', 'promoter', 'owner'], { errorId: 'INVALID_PARAM' }),
});
export type AdminIdentityBody = Static<typeof AdminIdentityBody>;
export const AdminRejectBody = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'WITHDRAW_REJECT_REASON' }),
});
export type AdminRejectBody = Static<typeof AdminRejectBody>;
export const AdminCommissionRateBody = Type.Object({
  productId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'PRODUCT_NOT_FOUND' }),
  /** null: back to the default rates (null first: Ajv's coercion would make it 0). */
  l1Bp: Type.Union([
    Type.Null(),
    Type.Integer({ minimum: 0, maximum: 5000, errorId: 'INVALID_PARAM' }),
  ]),
  l2Bp: Type.Union([
    Type.Null(),
    Type.Integer({ minimum: 0, maximum: 5000, errorId: 'INVALID_PARAM' }),
  ]),
});
export type AdminCommissionRateBody = Static<typeof AdminCommissionRateBody>;

/** The payout channel's signed result of a withdrawal (sandbox now). */
export const PayoutNotifyBody = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
  amount: Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'PAY_AMOUNT_MISMATCH' }),
  result: Type.Enum(['succeeded', 'failed'], { errorId: 'INVALID_PARAM' }),
  nonce: Type.String({ minLength: 1, maxLength: 64, errorId: 'PAY_SIGNATURE_INVALID' }),
  sign: Type.String({ minLength: 1, maxLength: 128, errorId: 'PAY_SIGNATURE_INVALID' }),
});
export type PayoutNotifyBody = Static<typeof PayoutNotifyBody>;
