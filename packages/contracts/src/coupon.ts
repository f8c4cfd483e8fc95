// Coupons (优惠券): operator templates, claiming, the user's wallet of coupons and the choice at
// checkout. Money is integer fen; times are ISO strings.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';

/** Operator defaults (env COUPON_*). */
export const COUPON_EXPIRING_DAYS = 3;
/** A user registered within this many days is 新人: new-user coupons and the pack are theirs. */
export const COUPON_NEW_USER_DAYS = 7;
/** A template's total quantity and per-user limit bounds. */
export const COUPON_TOTAL_MAX = 10_000_000;
export const COUPON_PER_USER_MAX = 100;
/** Coupons a checkout may name (one per store plus one platform coupon). */
export const COUPON_CHOICE_MAX = 20;

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });

/** 满减 (¥X off from ¥Y), 折扣 (N折 with a cap), 无门槛 (¥X off). */
export const COUPON_KINDS = ['full', 'discount', 'free'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ['platform', 'store', 'category', 'product'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** Who may claim: everyone, users registered within COUPON_NEW_USER_DAYS, members (the membership issue's hook). */
export const COUPON_AUDIENCES = ['all', 'new', 'member'] as const;
export type CouponAudience = (typeof COUPON_AUDIENCES)[number];
export const COUPON_SCOPE_TEXT: Record<CouponScope, string> = {
  platform: '平台通用',
  store: '店铺券',
  category: '品类券',
  product: '商品券',
};

/** What a coupon is for, by name, with the page that shows it (product, category listing, store). */
export const CouponScopeTarget = Type.Object({
  kind: Type.Union([Type.Literal('product'), Type.Literal('category'), Type.Literal('store')]),
  id: Type.Integer(),
  name: Type.String(),
  /** The in-app page: /pages/shopDetails/shopDetails?id=…, the category listing, the store. */
  link: Type.String(),
});
export type CouponScopeTarget = Static<typeof CouponScopeTarget>;

/** A template as a shopper sees it in the claim centre, on a product or a store. */
export const CouponTemplateView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('full'), Type.Literal('discount'), Type.Literal('free')]),
  scope: Type.Union([
    Type.Literal('platform'),
    Type.Literal('store'),
    Type.Literal('category'),
    Type.Literal('product'),
  ]),
  /** 平台通用 / 店铺券 / … and, for a store coupon, the store's name. */
  scopeText: Type.String(),
  /** What it applies to by name (empty for a platform coupon). */
  scopeTargets: Type.Array(CouponScopeTarget),
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  /** Minimum goods amount it applies from (0: 无门槛). */
  threshold: Type.Integer(),
  /** full / free: fen off. discount: 0. */
  amount: Type.Integer(),
  /** discount: the rate in tenths of a percent off list, e.g. 85 = 8.5折. Others: 0. */
  rate: Type.Integer(),
  /** discount: the most it takes off (0: no cap). */
  cap: Type.Integer(),
  /** 满100减20 / 8.5折 最高减¥30 / 无门槛减¥5. */
  title: Type.String(),
  /** 有效期: fixed dates, or N days from claiming. */
  validText: Type.String(),
  audience: Type.Union([Type.Literal('all'), Type.Literal('new'), Type.Literal('member')]),
  total: Type.Integer(),
  issued: Type.Integer(),
  perUser: Type.Integer(),
  /** How many of it this user holds (any state); 0 when logged out. */
  claimed: Type.Integer(),
  /** claim: 立即领取; claimed: 已领取 (limit reached); soldOut: 已抢光; notEligible: 新人专享 etc. */
  state: Type.Union([
    Type.Literal('claim'),
    Type.Literal('claimed'),
    Type.Literal('soldOut'),
    Type.Literal('notEligible'),
  ]),
});
export type CouponTemplateView = Static<typeof CouponTemplateView>;

export const COUPON_CENTER_TABS = ['all', 'platform', 'store', 'category', 'product'] as const;
export const CouponCenterQuery = PagedQuery({
  scope: Type.Optional(
    Type.Enum([...COUPON_CENTER_TABS], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
});
export type CouponCenterQuery = Static<typeof CouponCenterQuery>;

export const CouponForProductQuery = Type.Object({ productId: Id('PRODUCT_NOT_FOUND') });
export type CouponForProductQuery = Static<typeof CouponForProductQuery>;
export const CouponForStoreQuery = Type.Object({ storeId: Id('STORE_NOT_FOUND') });
export type CouponForStoreQuery = Static<typeof CouponForStoreQuery>;
export const CouponTemplateList = Type.Object({ list: Type.Array(CouponTemplateView) });
export type CouponTemplateList = Static<typeof CouponTemplateList>;

export const CouponClaimBody = Type.Object({ templateId: Id('COUPON_NOT_FOUND') });
export type CouponClaimBody = Static<typeof CouponClaimBody>;

/** unused: 未使用; held: 下单占用 (an unpaid order); used: 已使用; expired: 已过期. */
export const MY_COUPON_STATES = ['unused', 'held', 'used', 'expired'] as const;
export type MyCouponState = (typeof MY_COUPON_STATES)[number];

export const MyCoupon = Type.Object({
  id: Type.Integer(),
  templateId: Type.Integer(),
  name: Type.String(),
  kind: CouponTemplateView.properties.kind,
  scope: CouponTemplateView.properties.scope,
  scopeText: Type.String(),
  scopeTargets: Type.Array(CouponScopeTarget),
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  threshold: Type.Integer(),
  amount: Type.Integer(),
  rate: Type.Integer(),
  cap: Type.Integer(),
  title: Type.String(),
  state: Type.Union([
    Type.Literal('unused'),
    Type.Literal('held'),
    Type.Literal('used'),
    Type.Literal('expired'),
  ]),
  validFrom: Type.String(),
  validTo: Type.String(),
  /** Unused and ending within COUPON_EXPIRING_DAYS: 即将过期. */
  expiringSoon: Type.Boolean(),
  /** The order it is held by or was used on. */
  orderNo: Type.Union([Type.String(), Type.Null()]),
  claimedAt: Type.String(),
  usedAt: Type.Union([Type.String(), Type.Null()]),
});
export type MyCoupon = Static<typeof MyCoupon>;

/** The tabs of 我的优惠券: 未使用 includes coupons held by unpaid orders. */
export const MY_COUPON_TABS = ['unused', 'used', 'expired'] as const;
export type MyCouponTab = (typeof MY_COUPON_TABS)[number];
export const MyCouponQuery = PagedQuery({
  status: Type.Optional(
    Type.Enum([...MY_COUPON_TABS], { default: 'unused', errorId: 'INVALID_PARAM' }),
  ),
});
export type MyCouponQuery = Static<typeof MyCouponQuery>;
export const MyCouponPage = Type.Object({
  list: Type.Array(MyCoupon),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Object({ unused: Type.Integer(), used: Type.Integer(), expired: Type.Integer() }),
});
export type MyCouponPage = Static<typeof MyCouponPage>;

/** 去使用: the products a coupon of mine applies to. */
export const CouponProductsQuery = PagedQuery({ couponId: Id('COUPON_NOT_FOUND') });
export type CouponProductsQuery = Static<typeof CouponProductsQuery>;

/** The home page's new-user coupon pack (SPEC home "coupons"). */
export const NewUserPackData = Type.Object({
  /** Shown to logged-out users and to users registered within COUPON_NEW_USER_DAYS who have not claimed it all. */
  show: Type.Boolean(),
  eligible: Type.Boolean(),
  list: Type.Array(CouponTemplateView),
  /** Sum of what the pack takes off at most (the banner's ¥ figure). */
  totalAmount: Type.Integer(),
});
export type NewUserPackData = Static<typeof NewUserPackData>;
export const ClaimedCoupons = Type.Object({ list: Type.Array(MyCoupon) });
export type ClaimedCoupons = Static<typeof ClaimedCoupons>;

/** A coupon at checkout: whether it can be used on this order and what it would save. */
export const CouponChoice = Type.Object({
  coupon: MyCoupon,
  usable: Type.Boolean(),
  /** Why not: 未满¥99 / 不适用该商品 / 已被其他订单占用 / 未到使用时间. */
  reason: Type.String(),
  /** What it saves on this order alone (0 when unusable). */
  saving: Type.Integer(),
  selected: Type.Boolean(),
});
export type CouponChoice = Static<typeof CouponChoice>;

// Operator (admin) API.
export const CouponTemplateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 30, errorId: 'COUPON_TEMPLATE_INVALID' }),
  kind: Type.Enum([...COUPON_KINDS], { errorId: 'COUPON_TEMPLATE_INVALID' }),
  scope: Type.Enum([...COUPON_SCOPES], { errorId: 'COUPON_TEMPLATE_INVALID' }),
  /** store: the store; category / product: the ids it covers. */
  storeId: Type.Optional(Id('COUPON_TEMPLATE_INVALID')),
  scopeIds: Type.Optional(
    Type.Array(Id('COUPON_TEMPLATE_INVALID'), {
      maxItems: 200,
      errorId: 'COUPON_TEMPLATE_INVALID',
    }),
  ),
  threshold: Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'COUPON_TEMPLATE_INVALID' }),
  amount: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10_000_000, errorId: 'COUPON_TEMPLATE_INVALID' }),
  ),
  /** discount: percent of list paid, in tenths (1-99 → 0.1-9.9折). */
  rate: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 99, errorId: 'COUPON_TEMPLATE_INVALID' }),
  ),
  cap: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000_000, errorId: 'COUPON_TEMPLATE_INVALID' }),
  ),
  /** Fixed dates, or validDays from claiming. */
  startAt: Type.Optional(Type.String({ format: 'date-time', errorId: 'COUPON_TEMPLATE_INVALID' })),
  endAt: Type.Optional(Type.String({ format: 'date-time', errorId: 'COUPON_TEMPLATE_INVALID' })),
  validDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 3650, errorId: 'COUPON_TEMPLATE_INVALID' }),
  ),
  total: Type.Integer({
    minimum: 1,
    maximum: COUPON_TOTAL_MAX,
    errorId: 'COUPON_TEMPLATE_INVALID',
  }),
  perUser: Type.Integer({
    minimum: 1,
    maximum: COUPON_PER_USER_MAX,
    errorId: 'COUPON_TEMPLATE_INVALID',
  }),
  audience: Type.Optional(Type.Enum([...COUPON_AUDIENCES], { errorId: 'COUPON_TEMPLATE_INVALID' })),
  /** false: issued only (activities, invitations, redeem codes). */
  claimable: Type.Optional(Type.Boolean({ errorId: 'COUPON_TEMPLATE_INVALID' })),
  /** Part of the home page's new-user pack. */
  newUserPack: Type.Optional(Type.Boolean({ errorId: 'COUPON_TEMPLATE_INVALID' })),
});
export type CouponTemplateBody = Static<typeof CouponTemplateBody>;
export const CouponTemplateCreated = Type.Object({ id: Type.Integer() });
export type CouponTemplateCreated = Static<typeof CouponTemplateCreated>;
export const CouponIssueBody = Type.Object({
  templateId: Id('COUPON_NOT_FOUND'),
  userIds: Type.Array(Id('USER_NOT_FOUND'), {
    minItems: 1,
    maxItems: 1000,
    errorId: 'IDS_INVALID',
  }),
});
export type CouponIssueBody = Static<typeof CouponIssueBody>;
export const CouponIssued = Type.Object({ issued: Type.Integer() });
export type CouponIssued = Static<typeof CouponIssued>;
