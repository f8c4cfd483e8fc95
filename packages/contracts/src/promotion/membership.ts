// Social commerce: identity tiers, membership (会员), the 598 upgrade (推广员), two-level promotion
// (binding, team, commissions) and withdrawal of commission to a payment-app account.
// Money is integer fen; rates are basis points (1 bp = 0.01 %); times are ISO strings.
import { type Static, Type } from 'typebox';
import { GatewayPayData, PAY_TYPES } from '../order/index.ts';
import { ClientKey, PayPassword, PersonBrief } from './schemas.ts';

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
/** The tier field's schema (team.ts uses it too). */
export const TierSchema = Type.Enum([...TIERS]);
export const TIER_TEXT: Record<Tier, string> = {
  user: '普通用户',
  member: '会员',
  promoter: '推广员',
  owner: '店主',
};

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
