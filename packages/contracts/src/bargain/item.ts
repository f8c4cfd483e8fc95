// An edition's page and its items: the edition, an item with its reward, a bargain's card.
import { type Static, Type } from 'typebox';
import { BARGAIN_EDITIONS } from './basics.ts';
import {
  BargainStatusSchema,
  ClaimStatusSchema,
  EditionSchema,
  Id,
  NullableInt,
  NullableStr,
  RewardKindSchema,
} from './fields.ts';
import { BargainPost } from './post.ts';

// --- editions --------------------------------------------------------------------------------

export const BargainEdition = Type.Object({
  edition: EditionSchema,
  /** 砍价免费拿 / 新春砍价 */
  title: Type.String(),
  /** CSS colour of the edition's theme, e.g. #ff4d4f. */
  themeColor: Type.String(),
  bannerText: Type.String(),
  /** The rules page text (plain text, lines separated by \n). */
  rulesText: Type.String(),
  /** Items currently listed (enabled). */
  itemCount: Type.Integer(),
});
export type BargainEdition = Static<typeof BargainEdition>;
export const BargainEditionsData = Type.Object({ list: Type.Array(BargainEdition) });
export type BargainEditionsData = Static<typeof BargainEditionsData>;

// --- items -----------------------------------------------------------------------------------

export const BargainReward = Type.Object({
  kind: RewardKindSchema,
  couponTemplateId: NullableInt,
  /** Red packet per help (fen), 0 unless kind is redPacket. */
  redPacketAmount: Type.Integer(),
  /** What the helper gets, e.g. 「¥2.00 红包」, the coupon's name, or '' for none. */
  title: Type.String(),
});
export type BargainReward = Static<typeof BargainReward>;

export const BargainItem = Type.Object({
  id: Type.Integer(),
  edition: EditionSchema,
  productId: Type.Integer(),
  skuId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  /** The SKU's price now (a bargain starts from the price at its start). */
  price: Type.Integer(),
  /** Where the bargain ends, usually 0. */
  targetPrice: Type.Integer(),
  helpersNeeded: Type.Integer(),
  timeLimitHours: Type.Integer(),
  stock: Type.Integer(),
  /** Free units not yet claimed. */
  stockLeft: Type.Integer(),
  perUserLimit: Type.Integer(),
  reward: BargainReward,
  /** Bargains started on this item (参与人数). */
  startedCount: Type.Integer(),
  /** Free orders claimed (已免费领). */
  claimedCount: Type.Integer(),
});
export type BargainItem = Static<typeof BargainItem>;

/** A bargain on a card: progress for lists. */
export const BargainBrief = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  edition: EditionSchema,
  title: Type.String(),
  image: Type.String(),
  /** Price at start, the current price and the target. */
  originalPrice: Type.Integer(),
  currentPrice: Type.Integer(),
  targetPrice: Type.Integer(),
  /** currentPrice − targetPrice. */
  remaining: Type.Integer(),
  /** Cut so far in whole percent, 0-100. */
  progress: Type.Integer(),
  helpersNeeded: Type.Integer(),
  helpsDone: Type.Integer(),
  status: BargainStatusSchema,
  statusText: Type.String(),
  expiresAt: Type.String(),
  succeededAt: NullableStr,
  /** Deadline of the free-order claim once succeeded, else null. */
  claimDeadline: NullableStr,
  /** The claim's status when one exists. */
  claimStatus: Type.Union([Type.Null(), ClaimStatusSchema]),
  createdAt: Type.String(),
});
export type BargainBrief = Static<typeof BargainBrief>;

export const BargainItemCard = Type.Object({
  item: BargainItem,
  /** My latest bargain on this item (null when anonymous or none). */
  mine: Type.Union([Type.Null(), BargainBrief]),
});
export type BargainItemCard = Static<typeof BargainItemCard>;

export const BargainItemsQuery = Type.Object({
  edition: Type.Optional(
    Type.Enum([...BARGAIN_EDITIONS], { default: 'normal', errorId: 'BARGAIN_EDITION_INVALID' }),
  ),
});
export type BargainItemsQuery = Static<typeof BargainItemsQuery>;
export const BargainItemsData = Type.Object({
  now: Type.String(),
  edition: BargainEdition,
  list: Type.Array(BargainItemCard),
  /** My running bargains of this edition (homeZeroYuan's progress strip); [] when anonymous. */
  running: Type.Array(BargainBrief),
});
export type BargainItemsData = Static<typeof BargainItemsData>;

export const BargainItemQuery = Type.Object({ id: Id('BARGAIN_ITEM_NOT_FOUND') });
export type BargainItemQuery = Static<typeof BargainItemQuery>;
export const BargainItemData = Type.Object({
  now: Type.String(),
  edition: BargainEdition,
  item: BargainItem,
  /** My latest bargain on it, null when anonymous or none. */
  mine: Type.Union([Type.Null(), BargainBrief]),
  /** Whether I may start one now (logged in, stock left, no running one, under my limit). */
  canStart: Type.Boolean(),
  /** The newest 晒单 posts (more via /bargain/posts) and their total. */
  posts: Type.Array(BargainPost),
  postTotal: Type.Integer(),
});
export type BargainItemData = Static<typeof BargainItemData>;
