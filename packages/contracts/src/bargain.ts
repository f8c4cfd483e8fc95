// Zero-yuan bargain (砍价免费拿) and its New Year edition: one engine, two editions.
// Money is integer fen; times are ISO strings; `now` is the server's clock for countdowns.
//
// Routes (under the API prefix /chaopin-boot/api/v1; every answer is the `{ code, msg, data }`
// envelope, the data schema named after the arrow):
//
//   GET  /bargain/editions                     public    both editions: theme, banner, rules      → BargainEditionsData
//   GET  /bargain/items?edition=normal         optional  an edition's items, each with my latest
//                                                         bargain, plus my running bargains       → BargainItemsData
//   GET  /bargain/item?id=                     optional  item detail (SKU, target, helpers needed,
//                                                         time limit, stock left, my bargain, 晒单)  → BargainItemData
//   GET  /bargain/posts?itemId=&pageNum=       public    an item's 晒单 posts, newest first         → Page(BargainPost)
//   POST /bargain/start {itemId}               user      start a bargain; my first cut (firstKnife)
//                                                         is applied at once                       → BargainDetailData
//   GET  /bargain/detail?id=                   optional  a bargain: remaining, deadline, helpers,
//                                                         whether I may help, share path, my claim → BargainDetailData
//   POST /bargain/help {bargainId}             user      help cut once; header `ticket` = a captcha
//                                                         ticket of action `bargain:<bargainId>`
//                                                         (GET /captcha/challenge?action=bargain:<id>) → BargainHelpData
//   GET  /bargain/mine?edition=&status=        user      my bargains (homeZeroBargain), paged      → Page(BargainBrief)
//   GET  /bargain/myHelps?edition=             user      bargains I helped, my cut and reward      → Page(MyHelpRow)
//   GET  /bargain/thanks?edition=&bargainId=   user      thankshelpme: who helped me, amounts      → BargainThanksPage
//   POST /bargain/claim {bargainId,addressId,clientKey,note?}
//                                              user      thirdStep: claim the free order within
//                                                         BARGAIN_CLAIM_HOURS of success; an order
//                                                         at the target price, or `audit` if flagged → BargainClaimData
//   GET  /bargain/claim?id=                    user      one of my claims (the audit page)         → BargainClaim
//   POST /bargain/post {claimId,content,images} user     BaskSingle (晒单): after the claimed order
//                                                         is received; once per claim              → BargainPost
//   GET  /admin/bargain/items?edition=         admin     operator: the items of an edition         → Page(BargainAdminItem)
//   POST /admin/bargain/item                   admin     operator: create an item                  → BargainItemCreated
//   POST /admin/bargain/item/update            admin     operator: change an item (partial)        → BargainAdminItem
//   GET  /admin/bargain/claims?status=audit    admin     operator: claims, by status               → Page(BargainClaimAdmin)
//   POST /admin/bargain/claim/approve {claimId} admin    approve a flagged claim: places the order → BargainClaimData
//   POST /admin/bargain/claim/reject {claimId,reason}
//                                              admin     reject a flagged claim (stock returns)    → BargainClaim
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, NewOrderData } from './order.ts';

/** Operator defaults (env BARGAIN_*); the pages show what is configured. */
export const BARGAIN_DEFAULTS = {
  HELPERS_NEEDED: 10,
  TIME_LIMIT_HOURS: 24,
  PER_USER_LIMIT: 1,
  /** Hours after success in which the free order may be claimed. */
  CLAIM_HOURS: 48,
  /** A helper registered within this many days is a new user and cuts more. */
  NEW_USER_DAYS: 7,
} as const;

/** Operator defaults of the editions' pages (env BARGAIN_NORMAL_* / BARGAIN_NEWYEAR_*). */
export const BARGAIN_EDITION_DEFAULTS = {
  normal: {
    title: '砍价免费拿',
    themeColor: '#ff4d4f',
    bannerText: '邀请好友帮砍，砍到0元免费拿',
    rulesText: [
      '1. 选择心仪商品发起砍价，自己先砍一刀；',
      '2. 在规定时间内邀请好友帮砍，每位好友每次砍价只能帮砍一次，新用户砍得更多；',
      '3. 砍至目标价即砍价成功，请在规定时间内领取并填写收货地址，仅需支付运费（如有）；',
      '4. 每人每件商品限领一次，异常助力的领取需经审核后发货；',
      '5. 超时未砍至目标价则砍价失败，好友获得的助力奖励不受影响。',
    ].join('\n'),
  },
  newYear: {
    title: '新春砍价',
    themeColor: '#d4380d',
    bannerText: '新春好礼砍到0元，好友助力领红包',
    rulesText: [
      '1. 新春专场商品，发起后自己先砍一刀；',
      '2. 邀请亲友帮砍，每位好友助力即得新春红包；',
      '3. 砍至目标价后在规定时间内领取，仅需支付运费（如有）；',
      '4. 每人每件商品限领一次，异常助力的领取需经审核后发货；',
      '5. 超时未砍成则砍价失败，好友的红包照常有效。',
    ].join('\n'),
  },
} as const;

export const BARGAIN_EDITIONS = ['normal', 'newYear'] as const;
export type BargainEditionId = (typeof BARGAIN_EDITIONS)[number];
const EditionSchema = Type.Union([Type.Literal('normal'), Type.Literal('newYear')]);

/** running: collecting helps; succeeded: reached the target (claimable); expired: ran out of time. */
export const BARGAIN_STATUSES = ['running', 'succeeded', 'expired'] as const;
export type BargainStatus = (typeof BARGAIN_STATUSES)[number];
const BargainStatusSchema = Type.Union([
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('expired'),
]);
export const BARGAIN_STATUS_TEXT: Record<BargainStatus, string> = {
  running: '砍价中',
  succeeded: '砍价成功',
  expired: '已过期',
};

/** audit: flagged, waiting for the operator; ordered: the order exists; rejected: refused by the operator. */
export const BARGAIN_CLAIM_STATUSES = ['audit', 'ordered', 'rejected'] as const;
export type BargainClaimStatus = (typeof BARGAIN_CLAIM_STATUSES)[number];
const ClaimStatusSchema = Type.Union([
  Type.Literal('audit'),
  Type.Literal('ordered'),
  Type.Literal('rejected'),
]);
export const BARGAIN_CLAIM_STATUS_TEXT: Record<BargainClaimStatus, string> = {
  audit: '审核中',
  ordered: '已下单',
  rejected: '审核未通过',
};

export const BARGAIN_REWARD_KINDS = ['none', 'coupon', 'redPacket'] as const;
export type BargainRewardKind = (typeof BARGAIN_REWARD_KINDS)[number];
const RewardKindSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('coupon'),
  Type.Literal('redPacket'),
]);

/** Why the caller may not help (null when they may). */
export const BARGAIN_HELP_BLOCKS = ['login', 'own', 'helped', 'ended'] as const;
export type BargainHelpBlock = (typeof BARGAIN_HELP_BLOCKS)[number];

/** 晒单 photos: at most this many; each a site path (/uploads/…) or an http(s) URL. */
export const BARGAIN_POST_IMAGES_MAX = 9;
export const BARGAIN_POST_TEXT_MAX = 500;
export const BARGAIN_IMAGE_PATTERN =
  '^(?!.*\\.\\.)(/(?!/)[A-Za-z0-9_~%./-]{1,300}|https?://[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?(/[^\\s]{0,500})?)$';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const NullableInt = Type.Union([Type.Null(), Type.Integer()]);
const NullableStr = Type.Union([Type.Null(), Type.String()]);

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

/** 晒单 (showOrder) on the item's page. */
export const BargainPost = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type BargainPost = Static<typeof BargainPost>;

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

export const BargainPostsQuery = PagedQuery({ itemId: Id('BARGAIN_ITEM_NOT_FOUND') });
export type BargainPostsQuery = Static<typeof BargainPostsQuery>;

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

export const BargainClaim = Type.Object({
  id: Type.Integer(),
  bargainId: Type.Integer(),
  itemId: Type.Integer(),
  edition: EditionSchema,
  title: Type.String(),
  image: Type.String(),
  status: ClaimStatusSchema,
  statusText: Type.String(),
  /** The operator's reason when rejected. */
  rejectReason: NullableStr,
  /** The order once placed (status ordered). */
  orderNo: NullableStr,
  /** The order's own status (e.g. pending / paid / shipped / received / cancelled), null before it exists. */
  orderStatus: NullableStr,
  /** Whether a 晒单 may be posted now (order received and none posted yet). */
  canPost: Type.Boolean(),
  /** The 晒单 posted for this claim, if any. */
  postId: NullableInt,
  createdAt: Type.String(),
});
export type BargainClaim = Static<typeof BargainClaim>;

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

// --- claim and 晒单 ---------------------------------------------------------------------------

export const BargainClaimBody = Type.Object({
  bargainId: Id('BARGAIN_NOT_FOUND'),
  addressId: Id('ADDRESS_REQUIRED'),
  /** One claim per key: a resubmit answers the same claim. */
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  note: Type.Optional(Type.String({ maxLength: 200, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type BargainClaimBody = Static<typeof BargainClaimBody>;
export const BargainClaimData = Type.Object({
  claim: BargainClaim,
  /** The placed order to pay (shipping only, if any); null while in audit. */
  order: Type.Union([Type.Null(), NewOrderData]),
});
export type BargainClaimData = Static<typeof BargainClaimData>;

export const BargainClaimQuery = Type.Object({ id: Id('BARGAIN_CLAIM_NOT_FOUND') });
export type BargainClaimQuery = Static<typeof BargainClaimQuery>;

export const BargainPostBody = Type.Object({
  claimId: Id('BARGAIN_CLAIM_NOT_FOUND'),
  content: Type.String({
    minLength: 1,
    maxLength: BARGAIN_POST_TEXT_MAX,
    errorId: 'BARGAIN_POST_TEXT_INVALID',
  }),
  images: Type.Array(
    Type.String({ pattern: BARGAIN_IMAGE_PATTERN, errorId: 'BARGAIN_POST_IMAGE_INVALID' }),
    { maxItems: BARGAIN_POST_IMAGES_MAX, errorId: 'BARGAIN_POST_IMAGE_INVALID' },
  ),
});
export type BargainPostBody = Static<typeof BargainPostBody>;

// --- operator --------------------------------------------------------------------------------

export const BargainAdminItemsQuery = PagedQuery({
  edition: Type.Optional(Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' })),
});
export type BargainAdminItemsQuery = Static<typeof BargainAdminItemsQuery>;
export const BargainAdminItem = Type.Object({
  ...BargainItem.properties,
  enabled: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Type.String(),
});
export type BargainAdminItem = Static<typeof BargainAdminItem>;

const RewardInput = {
  rewardKind: Type.Optional(
    Type.Enum([...BARGAIN_REWARD_KINDS], { errorId: 'BARGAIN_REWARD_INVALID' }),
  ),
  /** Required with rewardKind coupon (null first: Ajv's coercion would make it 0). */
  couponTemplateId: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'BARGAIN_REWARD_INVALID' }),
    ]),
  ),
  /** Red packet per help (fen), required > 0 with rewardKind redPacket. */
  redPacketAmount: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_REWARD_INVALID' }),
  ),
};
const ItemFields = {
  targetPrice: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  helpersNeeded: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  timeLimitHours: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 720, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  stock: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  perUserLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 99, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  ...RewardInput,
};
/** Defaults: target 0, helpers BARGAIN_HELPERS_NEEDED, 24 h, per-user limit 1, no reward, enabled. */
export const BargainItemBody = Type.Object({
  edition: Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' }),
  skuId: Id('SKU_NOT_FOUND'),
  ...ItemFields,
});
export type BargainItemBody = Static<typeof BargainItemBody>;
export const BargainItemCreated = Type.Object({ id: Type.Integer() });
export type BargainItemCreated = Static<typeof BargainItemCreated>;
/** Only the given fields change; the SKU and edition are fixed once listed. */
export const BargainItemUpdateBody = Type.Object({
  id: Id('BARGAIN_ITEM_NOT_FOUND'),
  ...ItemFields,
});
export type BargainItemUpdateBody = Static<typeof BargainItemUpdateBody>;

export const BargainAdminClaimsQuery = PagedQuery({
  status: Type.Optional(
    Type.Enum(['all', ...BARGAIN_CLAIM_STATUSES], { default: 'audit', errorId: 'INVALID_PARAM' }),
  ),
});
export type BargainAdminClaimsQuery = Static<typeof BargainAdminClaimsQuery>;
export const BargainClaimAdmin = Type.Object({
  ...BargainClaim.properties,
  userId: Type.Integer(),
  nickname: Type.String(),
  /** Why it was flagged (e.g. 新用户助力占比过高, 同一设备多次助力), [] when not. */
  flags: Type.Array(Type.String()),
});
export type BargainClaimAdmin = Static<typeof BargainClaimAdmin>;
export const BargainClaimApproveBody = Type.Object({ claimId: Id('BARGAIN_CLAIM_NOT_FOUND') });
export type BargainClaimApproveBody = Static<typeof BargainClaimApproveBody>;
export const BargainClaimRejectBody = Type.Object({
  claimId: Id('BARGAIN_CLAIM_NOT_FOUND'),
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'BARGAIN_REJECT_REASON' }),
});
export type BargainClaimRejectBody = Static<typeof BargainClaimRejectBody>;

/** The hash-route path of a bargain's help page (share link). */
export function bargainSharePath(edition: BargainEditionId, bargainId: number): string {
  return edition === 'newYear'
    ? `/rootPages/homeZeroYuanNewYear/helpBargain?id=${bargainId}`
    : `/rootPages/homeZeroYuan/helpBargain?id=${bargainId}`;
}

/** bargain/poster: a 750×1100 share poster (item, 帮我砍一刀, target price, QR of the help link). */
export const BargainPosterData = Type.Object({
  poster: Type.String(),
  /** The help page's link (absolute), what the QR holds. */
  link: Type.String(),
});
export type BargainPosterData = Static<typeof BargainPosterData>;
