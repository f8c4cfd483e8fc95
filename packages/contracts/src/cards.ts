// Card collecting (集卡): an operator's campaign has N card kinds (weighted, one rarer); users
// earn a random card once per China day for each action (the daily sign-in, a paid order, a
// share), give cards to friends, and exchange a full set (one of each kind) for the campaign's
// reward (a coupon, a red packet or points) up to a per-user number of times.
import { type Static, Type } from 'typebox';
import { MAX_ID, PHONE_PATTERN } from './constants.ts';
import { PagedQuery } from './envelope.ts';

/** Operator defaults of a new campaign (fields the operator leaves out). */
export const CARDS_DEFAULTS = {
  /** The card kinds and their draw weights: 福 is the rare one. */
  KINDS: [
    { name: '潮', weight: 30 },
    { name: '品', weight: 30 },
    { name: '直', weight: 20 },
    { name: '播', weight: 15 },
    { name: '福', weight: 5 },
  ],
  /** Full-set exchanges per user. */
  MAX_EXCHANGES: 1,
} as const;

/** A campaign has at least this many kinds, and at most… */
export const CARD_KINDS_MIN = 2;
export const CARD_KINDS_MAX = 12;
/** Cards an operator may give one user at once. */
export const CARD_ADMIN_GIVE_MAX = 100;

/** Where a card came from or went to. */
export const CARD_SOURCES = [
  'signin',
  'order',
  'share',
  'gift_in',
  'gift_out',
  'exchange',
  'admin',
  'refund',
  'debt',
] as const;
export type CardSource = (typeof CARD_SOURCES)[number];
export const CARD_SOURCE_TEXT: Record<CardSource, string> = {
  signin: '每日签到',
  order: '下单支付',
  share: '分享活动',
  gift_in: '好友赠送',
  gift_out: '赠送好友',
  exchange: '集齐兑换',
  admin: '平台发放',
  refund: '订单退款扣回',
  debt: '抵扣退款欠卡',
};

/** The actions that earn a card once per day. */
export const CARD_ACTIONS = ['signin', 'order', 'share'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export const CARD_REWARD_KINDS = ['coupon', 'redpacket', 'points'] as const;
export type CardRewardKind = (typeof CARD_REWARD_KINDS)[number];

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const Invalid = { errorId: 'CARD_CAMPAIGN_INVALID' };

export const CardKindInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 8, ...Invalid }),
  weight: Type.Integer({ minimum: 1, maximum: 1_000_000, ...Invalid }),
});
export type CardKindInput = Static<typeof CardKindInput>;

/** admin: a new campaign (kinds and the exchange limit default to CARDS_DEFAULTS). */
export const CardCampaignBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 40, ...Invalid }),
  /** ISO date-times; the end after the start. */
  startAt: Type.String({ minLength: 10, maxLength: 40, ...Invalid }),
  endAt: Type.String({ minLength: 10, maxLength: 40, ...Invalid }),
  kinds: Type.Optional(
    Type.Array(CardKindInput, { minItems: CARD_KINDS_MIN, maxItems: CARD_KINDS_MAX, ...Invalid }),
  ),
  rewardKind: Type.Enum([...CARD_REWARD_KINDS], Invalid),
  /** The coupon template of a coupon reward. */
  couponTemplateId: Type.Optional(Id('COUPON_NOT_FOUND')),
  /** A red packet's amount in fen, or the points. */
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, ...Invalid })),
  maxExchanges: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, ...Invalid })),
});
export type CardCampaignBody = Static<typeof CardCampaignBody>;

/** admin: a campaign changed; its kinds keep their number (names and weights may change). */
export const CardCampaignUpdateBody = Type.Object({
  id: Id('CARD_CAMPAIGN_NOT_FOUND'),
  ...CardCampaignBody.properties,
});
export type CardCampaignUpdateBody = Static<typeof CardCampaignUpdateBody>;

export const CardKindView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  weight: Type.Integer(),
  /** The rarest kind(s) of the campaign. */
  rare: Type.Boolean(),
});
export type CardKindView = Static<typeof CardKindView>;

export const CardCampaignView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  /** upcoming / active / ended at the server's clock. */
  status: Type.Enum(['upcoming', 'active', 'ended']),
  kinds: Type.Array(CardKindView),
  rewardKind: Type.Enum([...CARD_REWARD_KINDS]),
  couponTemplateId: Type.Union([Type.Null(), Type.Integer()]),
  amount: Type.Union([Type.Null(), Type.Integer()]),
  /** 满50减10优惠券 / 红包 ¥8.88 / 888 积分. */
  rewardText: Type.String(),
  maxExchanges: Type.Integer(),
});
export type CardCampaignView = Static<typeof CardCampaignView>;

export const CardCampaignQuery = Type.Object({
  /** Default: the newest active campaign. */
  campaignId: Type.Optional(Id('CARD_CAMPAIGN_NOT_FOUND')),
});
export type CardCampaignQuery = Static<typeof CardCampaignQuery>;

export const CardHolding = Type.Object({
  kindId: Type.Integer(),
  name: Type.String(),
  rare: Type.Boolean(),
  count: Type.Integer(),
});
export type CardHolding = Static<typeof CardHolding>;

export const CardsHomeData = Type.Object({
  campaign: CardCampaignView,
  cards: Type.Array(CardHolding),
  /** One of each kind in hand. */
  complete: Type.Boolean(),
  exchanges: Type.Integer(),
  canExchange: Type.Boolean(),
  /** Today's (China time) earning actions already done. */
  earnedToday: Type.Object({
    signin: Type.Boolean(),
    order: Type.Boolean(),
    share: Type.Boolean(),
  }),
  /** Where the reward shows once exchanged. */
  rewardLink: Type.String(),
});
export type CardsHomeData = Static<typeof CardsHomeData>;

export const CardCampaignIdBody = Type.Object({ campaignId: Id('CARD_CAMPAIGN_NOT_FOUND') });
export type CardCampaignIdBody = Static<typeof CardCampaignIdBody>;

export const CardShareData = Type.Object({
  /** False when today's share card was already given (the card is then null). */
  fresh: Type.Boolean(),
  card: Type.Union([Type.Null(), CardHolding]),
});
export type CardShareData = Static<typeof CardShareData>;

/** Give one card to a friend: by phone number or user id (exactly one). */
export const CardGiveBody = Type.Object({
  campaignId: Id('CARD_CAMPAIGN_NOT_FOUND'),
  kindId: Id('CARD_KIND_NOT_FOUND'),
  phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN, errorId: 'CARD_FRIEND_NOT_FOUND' })),
  userId: Type.Optional(Id('CARD_FRIEND_NOT_FOUND')),
});
export type CardGiveBody = Static<typeof CardGiveBody>;

export const CardGiveData = Type.Object({
  kindId: Type.Integer(),
  name: Type.String(),
  /** My count of that kind after the gift. */
  count: Type.Integer(),
  /** The friend, masked (138****0000 / nickname). */
  to: Type.String(),
});
export type CardGiveData = Static<typeof CardGiveData>;

export const CardExchangeData = Type.Object({
  exchangeId: Type.Integer(),
  /** This user's nth exchange of the campaign. */
  seq: Type.Integer(),
  rewardText: Type.String(),
  link: Type.String(),
  exchanges: Type.Integer(),
  canExchange: Type.Boolean(),
});
export type CardExchangeData = Static<typeof CardExchangeData>;

export const CardLogQuery = PagedQuery({ campaignId: Id('CARD_CAMPAIGN_NOT_FOUND') });
export type CardLogQuery = Static<typeof CardLogQuery>;

export const CardLogRow = Type.Object({
  id: Type.Integer(),
  kindId: Type.Integer(),
  name: Type.String(),
  /**
   * +1 earned or received, -1 given, exchanged or taken back by a refund (0: owed instead, see
   * 抵扣退款欠卡); an operator's grant may be more.
   */
  delta: Type.Integer(),
  source: Type.Enum([...CARD_SOURCES]),
  /** 每日签到 / 好友赠送（138****0000） … */
  title: Type.String(),
  createdAt: Type.String(),
});
export type CardLogRow = Static<typeof CardLogRow>;

/** admin: give a user cards of a kind. */
export const CardAdminGiveBody = Type.Object({
  campaignId: Id('CARD_CAMPAIGN_NOT_FOUND'),
  kindId: Id('CARD_KIND_NOT_FOUND'),
  userId: Id('CARD_FRIEND_NOT_FOUND'),
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: CARD_ADMIN_GIVE_MAX, errorId: 'CARD_COUNT_INVALID' }),
  ),
});
export type CardAdminGiveBody = Static<typeof CardAdminGiveBody>;

export const CardAdminGiveData = Type.Object({ kindId: Type.Integer(), count: Type.Integer() });
export type CardAdminGiveData = Static<typeof CardAdminGiveData>;
