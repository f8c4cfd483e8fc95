// A bargain: starting it, its detail page, helping it, my bargains, my helps, thanks, the poster.
import { type Static, Type } from 'typebox';
import { PagedQuery } from '../envelope.ts';
import { BARGAIN_EDITIONS, BARGAIN_STATUSES } from './basics.ts';
import { BargainClaim } from './claim.ts';
import { BargainStatusSchema, EditionSchema, Id, NullableInt } from './fields.ts';
import { BargainBrief, BargainEdition, BargainItem, BargainReward } from './item.ts';

// --- a bargain -------------------------------------------------------------------------------

export const BargainStartBody = Type.Object({ itemId: Id('BARGAIN_ITEM_NOT_FOUND') });
export type BargainStartBody = Static<typeof BargainStartBody>;

export const BargainHelper = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  cut: Type.Integer(),
  /** The starter's own first cut (砍一刀). */
  isStarter: Type.Boolean(),
  /** A new user's help (cuts more). */
  isNewUser: Type.Boolean(),
  createdAt: Type.String(),
});
export type BargainHelper = Static<typeof BargainHelper>;

export const BargainDetailQuery = Type.Object({ id: Id('BARGAIN_NOT_FOUND') });
export type BargainDetailQuery = Static<typeof BargainDetailQuery>;
export const BargainDetailData = Type.Object({
  now: Type.String(),
  edition: BargainEdition,
  item: BargainItem,
  bargain: BargainBrief,
  /** The starter, shown on the help page. */
  starter: Type.Object({ nickname: Type.String(), avatar: Type.String() }),
  /** Every cut, first knife first. */
  helpers: Type.Array(BargainHelper),
  /** Whether the caller started it. */
  isOwner: Type.Boolean(),
  /** Whether the caller may help now; else why not. */
  canHelp: Type.Boolean(),
  helpBlock: Type.Union([
    Type.Null(),
    Type.Literal('login'),
    Type.Literal('own'),
    Type.Literal('helped'),
    Type.Literal('ended'),
  ]),
  /** The caller's cut on it (as helper or starter), null if none. */
  myCut: NullableInt,
  /** The web page a friend opens (hash route path with the id), for the share card and poster. */
  sharePath: Type.String(),
  /** The owner's claim, null for others or before claiming. */
  claim: Type.Union([Type.Null(), BargainClaim]),
  /** The free order's shipping, as the claim will charge it (0: 免运费). */
  shippingFee: Type.Integer(),
});
export type BargainDetailData = Static<typeof BargainDetailData>;

/** Help cut; the captcha ticket travels in the `ticket` header (action `bargain:<bargainId>`). */
export const BargainHelpBody = Type.Object({ bargainId: Id('BARGAIN_NOT_FOUND') });
export type BargainHelpBody = Static<typeof BargainHelpBody>;
export const BargainHelpData = Type.Object({
  cut: Type.Integer(),
  /** Remaining after this cut. */
  remaining: Type.Integer(),
  helpsDone: Type.Integer(),
  helpersNeeded: Type.Integer(),
  status: BargainStatusSchema,
  /** Whether the helper counted as a new user (bigger cut). */
  isNewUser: Type.Boolean(),
  /** A new user who cut more than an old user would have on the same draw (新人助力，砍得更多). */
  newUserBonus: Type.Boolean(),
  /** What the helper was given for this help. */
  reward: BargainReward,
});
export type BargainHelpData = Static<typeof BargainHelpData>;

export const BargainMineQuery = PagedQuery({
  edition: Type.Optional(Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' })),
  status: Type.Optional(
    Type.Enum(['all', ...BARGAIN_STATUSES], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
});
export type BargainMineQuery = Static<typeof BargainMineQuery>;

export const MyHelpsQuery = PagedQuery({
  edition: Type.Optional(Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' })),
});
export type MyHelpsQuery = Static<typeof MyHelpsQuery>;
export const MyHelpRow = Type.Object({
  bargainId: Type.Integer(),
  edition: EditionSchema,
  title: Type.String(),
  image: Type.String(),
  starter: Type.Object({ nickname: Type.String(), avatar: Type.String() }),
  cut: Type.Integer(),
  reward: BargainReward,
  status: BargainStatusSchema,
  createdAt: Type.String(),
});
export type MyHelpRow = Static<typeof MyHelpRow>;

export const BargainThanksQuery = PagedQuery({
  edition: Type.Optional(Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' })),
  /** One of my bargains only. */
  bargainId: Type.Optional(Id('BARGAIN_NOT_FOUND')),
});
export type BargainThanksQuery = Static<typeof BargainThanksQuery>;
export const ThanksRow = Type.Object({
  bargainId: Type.Integer(),
  title: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  cut: Type.Integer(),
  isNewUser: Type.Boolean(),
  createdAt: Type.String(),
});
export type ThanksRow = Static<typeof ThanksRow>;
export const BargainThanksPage = Type.Object({
  list: Type.Array(ThanksRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** All helpers' cuts on my bargains (of the filter), starters' own cuts excluded. */
  totalCut: Type.Integer(),
});
export type BargainThanksPage = Static<typeof BargainThanksPage>;

/** bargain/poster: a 750×1100 share poster (item, 帮我砍一刀, target price, QR of the help link). */
export const BargainPosterData = Type.Object({
  poster: Type.String(),
  /** The help page's link (absolute), what the QR holds. */
  link: Type.String(),
});
export type BargainPosterData = Static<typeof BargainPosterData>;
