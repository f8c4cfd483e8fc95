// Request and response schemas of live selling (SPEC §7 the Live family): rooms, discovery, the
// shelf, likes, gifts and rankings, notices and follows, hosts and their live centre.
// Money is integer fen; times are ISO strings. A room is one broadcast: 预告 → 直播中 → 已结束
// (its replay), or 封禁 by the operator.
import { type Static, Type } from 'typebox';
import { MAX_ID, PAY_PASSWORD_PATTERN } from './constants.ts';
import { Page, PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN } from './order.ts';

/** Operator defaults. */
export const LIVE_TITLE_MAX = 30;
export const LIVE_SHELF_MAX = 100;
/** At most one like message a second per viewer; one call carries up to this many taps. */
export const LIVE_LIKE_BATCH_MAX = 99;
export const LIVE_GIFT_COUNT_MAX = 999;
/** A signed push URL is valid this long. */
export const LIVE_PUSH_TTL_MINUTES = 120;
/** The host's share of a gift, in percent. */
export const LIVE_GIFT_HOST_SHARE = 50;
export const LIVE_INTRO_MAX = 200;
/** A 预告 may be set at most this far ahead. */
export const LIVE_NOTICE_MAX_DAYS = 30;

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
/** A picture or link the app opens: a path of this site or an http(s) address, no script scheme. */
const URL_PATTERN = '^(/(?!/)|https?://)[^\\s<>"]*$';
const SafeUrl = (errorId: string, minLength = 1) =>
  Type.String({ minLength, maxLength: 500, pattern: URL_PATTERN, errorId });
const RoomId = Id('LIVE_ROOM_NOT_FOUND');

export const LIVE_ROOM_STATES = ['notice', 'live', 'ended', 'banned'] as const;
export type LiveRoomState = (typeof LIVE_ROOM_STATES)[number];
const RoomState = Type.Union([
  Type.Literal('notice'),
  Type.Literal('live'),
  Type.Literal('ended'),
  Type.Literal('banned'),
]);

/** hidden: not shown; onSale: shown and buyable; shown: shown, not buyable (即将开售). */
export const LIVE_SHELF_STATUSES = ['hidden', 'onSale', 'shown'] as const;
export type LiveShelfStatus = (typeof LIVE_SHELF_STATUSES)[number];
const ShelfStatus = Type.Union(
  [Type.Literal('hidden'), Type.Literal('onSale'), Type.Literal('shown')],
  { errorId: 'LIVE_SHELF_STATUS_INVALID' },
);

export const LiveHost = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  followers: Type.Integer(),
});
export type LiveHost = Static<typeof LiveHost>;

/** A room as a card of the lists (直播中 with online count, 预告 with start time, 回放). */
export const LiveRoomCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  sortId: Type.Integer(),
  state: RoomState,
  /** 直播中 / 预告 / 回放 / 已结束 / 已封禁. */
  stateLabel: Type.String(),
  host: LiveHost,
  /** Online now (live rooms), else 0. */
  online: Type.Integer(),
  viewers: Type.Integer(),
  likes: Type.Integer(),
  noticeAt: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([Type.String(), Type.Null()]),
  /** Whether an ended room has a replay to play. */
  hasReplay: Type.Boolean(),
});
export type LiveRoomCard = Static<typeof LiveRoomCard>;

export const LiveShelfItem = Type.Object({
  productId: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** The lowest SKU price, in fen. */
  price: Type.Integer(),
  stock: Type.Integer(),
  sales: Type.Integer(),
  status: ShelfStatus,
  sort: Type.Integer(),
  /** 讲解中. */
  pinned: Type.Boolean(),
});
export type LiveShelfItem = Static<typeof LiveShelfItem>;

export const LivePlayUrls = Type.Object({
  flv: Type.Optional(Type.String()),
  wsFlv: Type.Optional(Type.String()),
  hls: Type.Optional(Type.String()),
});
export type LivePlayUrls = Static<typeof LivePlayUrls>;

export const LiveReplay = Type.Object({
  roomId: Type.Integer(),
  url: Type.String(),
  format: Type.Union([Type.Literal('mp4'), Type.Literal('flv')]),
  durationMs: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  host: LiveHost,
  startedAt: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([Type.String(), Type.Null()]),
});
export type LiveReplay = Static<typeof LiveReplay>;

/** Figures of a room; GMV is paid, unrefunded orders placed from the room, to the fen. */
export const LiveStats = Type.Object({
  online: Type.Integer(),
  peakOnline: Type.Integer(),
  viewers: Type.Integer(),
  likes: Type.Integer(),
  newFollowers: Type.Integer(),
  orders: Type.Integer(),
  gmv: Type.Integer(),
  gifts: Type.Integer(),
  /** Gift value in fen (what viewers paid). */
  giftAmount: Type.Integer(),
  durationMs: Type.Integer(),
});
export type LiveStats = Static<typeof LiveStats>;

export const LiveRoomQuery = Type.Object({ roomId: RoomId });
export type LiveRoomQuery = Static<typeof LiveRoomQuery>;
export const LiveRoomIdBody = Type.Object({ roomId: RoomId });
export type LiveRoomIdBody = Static<typeof LiveRoomIdBody>;

/** live/getRoomInfo: everything the play page needs. */
export const LiveRoomInfo = Type.Object({
  room: LiveRoomCard,
  /** The room's AVChatRoom group id (join it with the IM SDK). */
  chatRoomId: Type.String(),
  play: Type.Union([LivePlayUrls, Type.Null()]),
  pinned: Type.Union([LiveShelfItem, Type.Null()]),
  shelfCount: Type.Integer(),
  isFollow: Type.Boolean(),
  isNotice: Type.Boolean(),
  /** Whether the caller is the room's host. */
  isHost: Type.Boolean(),
  now: Type.String(),
});
export type LiveRoomInfo = Static<typeof LiveRoomInfo>;

export const LiveSort = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LiveSort = Static<typeof LiveSort>;
export const LiveSortsData = Type.Array(LiveSort);
export const LiveAd = Type.Object({
  id: Type.Integer(),
  image: Type.String(),
  title: Type.String(),
  link: Type.String(),
});
export type LiveAd = Static<typeof LiveAd>;
export const LiveAdsData = Type.Array(LiveAd);
export const LiveRoomsData = Type.Array(LiveRoomCard);
export const LiveRoomPage = Page(LiveRoomCard);

/** live/querIndex: the 直播 tab's first screen in one call. */
export const LiveIndexData = Type.Object({
  ads: LiveAdsData,
  sorts: LiveSortsData,
  recommend: LiveRoomsData,
});
export type LiveIndexData = Static<typeof LiveIndexData>;

export const LiveListQuery = PagedQuery({
  /** 0 or absent: every category. */
  sortId: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_ID, errorId: 'LIVE_SORT_INVALID' }),
  ),
  state: Type.Optional(
    Type.Union([Type.Literal('live'), Type.Literal('notice'), Type.Literal('replay')], {
      errorId: 'LIVE_STATE_INVALID',
    }),
  ),
});
export type LiveListQuery = Static<typeof LiveListQuery>;
export const LiveSearchQuery = PagedQuery({
  keyword: Type.String({ minLength: 1, maxLength: 30, errorId: 'KEYWORD_INVALID' }),
});
export type LiveSearchQuery = Static<typeof LiveSearchQuery>;

export const LiveShelfData = Type.Array(LiveShelfItem);

export const LiveLikeBody = Type.Object({
  roomId: RoomId,
  count: Type.Integer({ minimum: 1, maximum: LIVE_LIKE_BATCH_MAX, errorId: 'LIVE_LIKE_INVALID' }),
});
export type LiveLikeBody = Static<typeof LiveLikeBody>;
export const LiveLikeData = Type.Object({ likes: Type.Integer() });

export const LiveGift = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  price: Type.Integer(),
  /** 1: a small float, 2: a banner, 3: the full-screen effect. */
  tier: Type.Integer(),
});
export type LiveGift = Static<typeof LiveGift>;
export const LiveGiftsData = Type.Array(LiveGift);

export const LiveGiftBody = Type.Object({
  roomId: RoomId,
  giftId: Id('LIVE_GIFT_NOT_FOUND'),
  count: Type.Integer({
    minimum: 1,
    maximum: LIVE_GIFT_COUNT_MAX,
    errorId: 'LIVE_GIFT_COUNT_INVALID',
  }),
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  payPassword: Type.String({ pattern: PAY_PASSWORD_PATTERN, errorId: 'PAY_PASSWORD_FORMAT' }),
});
export type LiveGiftBody = Static<typeof LiveGiftBody>;
export const LiveGiftSent = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer(),
  /** The sender's balance after the gift, in fen. */
  balance: Type.Integer(),
});
export type LiveGiftSent = Static<typeof LiveGiftSent>;

export const LIVE_RANK_PERIODS = ['day', 'week', 'total'] as const;
export type LiveRankPeriod = (typeof LIVE_RANK_PERIODS)[number];
export const LiveRankingQuery = Type.Object({
  /** Absent: every room. */
  roomId: Type.Optional(RoomId),
  period: Type.Optional(
    Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('total')], {
      errorId: 'LIVE_PERIOD_INVALID',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, errorId: 'PAGE_INVALID' })),
});
export type LiveRankingQuery = Static<typeof LiveRankingQuery>;
export const LiveRankRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  amount: Type.Integer(),
});
export type LiveRankRow = Static<typeof LiveRankRow>;
export const LiveRankingData = Type.Object({
  list: Type.Array(LiveRankRow),
  /** The caller's own row, when logged in and ranked. */
  mine: Type.Union([LiveRankRow, Type.Null()]),
});
export type LiveRankingData = Static<typeof LiveRankingData>;

export const LiveFlagData = Type.Boolean();
export const LiveHostQuery = Type.Object({ hostId: Id('LIVE_HOST_NOT_FOUND') });
export type LiveHostQuery = Static<typeof LiveHostQuery>;
export const LiveFollowBody = Type.Object({
  hostId: Id('LIVE_HOST_NOT_FOUND'),
  /** true: follow, false: unfollow. */
  follow: Type.Boolean(),
});
export type LiveFollowBody = Static<typeof LiveFollowBody>;
export const LiveFollowedHost = Type.Object({
  host: LiveHost,
  /** The host's room live now, else null. */
  liveRoomId: Type.Union([Type.Integer(), Type.Null()]),
  followedAt: Type.String(),
});
export type LiveFollowedHost = Static<typeof LiveFollowedHost>;
export const LiveFollowPage = Page(LiveFollowedHost);
export const LivePageQuery = PagedQuery({});
export type LivePageQuery = Static<typeof LivePageQuery>;

/** liveOver: what the host and a viewer see when a broadcast ends. */
export const LiveOverData = Type.Object({
  room: LiveRoomCard,
  stats: LiveStats,
  isHost: Type.Boolean(),
  isFollow: Type.Boolean(),
});
export type LiveOverData = Static<typeof LiveOverData>;

// ---- hosts ----

export const LIVE_HOST_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type LiveHostStatus = (typeof LIVE_HOST_STATUSES)[number];
export const LiveHostApplyBody = Type.Object({
  intro: Type.String({ minLength: 1, maxLength: LIVE_INTRO_MAX, errorId: 'LIVE_INTRO_INVALID' }),
  sortId: Id('LIVE_SORT_INVALID'),
});
export type LiveHostApplyBody = Static<typeof LiveHostApplyBody>;
export const LiveHostStatusData = Type.Object({
  status: Type.Union([
    Type.Literal('none'),
    Type.Literal('pending'),
    Type.Literal('approved'),
    Type.Literal('rejected'),
  ]),
  reason: Type.String(),
  intro: Type.String(),
  sortId: Type.Integer(),
  /** Whether the account is real-name verified (required to apply). */
  realName: Type.Boolean(),
});
export type LiveHostStatusData = Static<typeof LiveHostStatusData>;

/** live/upInfo: create (no roomId) or edit a room; noticeAt makes it a 预告. */
export const LiveUpInfoBody = Type.Object({
  roomId: Type.Optional(RoomId),
  title: Type.String({ minLength: 1, maxLength: LIVE_TITLE_MAX, errorId: 'LIVE_TITLE_INVALID' }),
  cover: SafeUrl('LIVE_COVER_INVALID'),
  sortId: Id('LIVE_SORT_INVALID'),
  noticeAt: Type.Optional(
    Type.Union([
      Type.String({ format: 'date-time', errorId: 'LIVE_NOTICE_TIME_INVALID' }),
      Type.Null(),
    ]),
  ),
});
export type LiveUpInfoBody = Static<typeof LiveUpInfoBody>;

/** live/upShop: the whole shelf, in order. */
export const LiveUpShopBody = Type.Object({
  roomId: RoomId,
  items: Type.Array(Type.Object({ productId: Id('PRODUCT_NOT_FOUND'), status: ShelfStatus }), {
    maxItems: LIVE_SHELF_MAX,
    errorId: 'LIVE_SHELF_INVALID',
  }),
});
export type LiveUpShopBody = Static<typeof LiveUpShopBody>;
export const LivePinBody = Type.Object({
  roomId: RoomId,
  /** null: nothing 讲解中. */
  productId: Type.Union([Id('LIVE_SHELF_NOT_ON'), Type.Null()]),
});
export type LivePinBody = Static<typeof LivePinBody>;
export const LiveShelfStatusBody = Type.Object({
  roomId: RoomId,
  productId: Id('LIVE_SHELF_NOT_ON'),
  status: ShelfStatus,
});
export type LiveShelfStatusBody = Static<typeof LiveShelfStatusBody>;

/** live/livePlay: the host's signed push address. */
export const LivePushData = Type.Object({
  /** rtmp://host:port/live (OBS 服务器). */
  server: Type.String(),
  /** r12?exp=…&sign=… (OBS 串流密钥). */
  streamKey: Type.String(),
  /** server + '/' + streamKey, for phone apps. */
  url: Type.String(),
  expiresAt: Type.String(),
});
export type LivePushData = Static<typeof LivePushData>;

/** The host's live centre (rootPages/liveUser/user). */
export const LiveCentreData = Type.Object({
  host: LiveHost,
  status: LiveHostStatusData,
  /** The room being prepared or live (预告 / 直播中), else null. */
  current: Type.Union([LiveRoomCard, Type.Null()]),
  /** The current room's AVChatRoom: the centre follows its state and online count there. */
  chatRoomId: Type.Union([Type.String(), Type.Null()]),
  currentStats: Type.Union([LiveStats, Type.Null()]),
  /** Earned from gifts, in fen (the host's share). */
  earnings: Type.Integer(),
  /** What viewers paid for the host's gifts, in fen (earnings is the host's share of it). */
  giftAmount: Type.Integer(),
  /** The host's share of a gift now, in percent (operator configuration). */
  giftSharePercent: Type.Integer(),
});
export type LiveCentreData = Static<typeof LiveCentreData>;
export const LiveHistoryRow = Type.Object({ room: LiveRoomCard, stats: LiveStats });
export type LiveHistoryRow = Static<typeof LiveHistoryRow>;
export const LiveHistoryPage = Page(LiveHistoryRow);

// ---- the operator ----

export const LiveAdminHostsQuery = PagedQuery({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      errorId: 'LIVE_HOST_STATUS_INVALID',
    }),
  ),
});
export type LiveAdminHostsQuery = Static<typeof LiveAdminHostsQuery>;
export const LiveHostApplication = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  phone: Type.String(),
  intro: Type.String(),
  sortId: Type.Integer(),
  status: Type.String(),
  reason: Type.String(),
  createdAt: Type.String(),
});
export type LiveHostApplication = Static<typeof LiveHostApplication>;
export const LiveHostApplicationPage = Page(LiveHostApplication);
export const LiveHostReviewBody = Type.Object({
  userId: Id('LIVE_HOST_NOT_FOUND'),
  approve: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 100, errorId: 'LIVE_REASON_INVALID' })),
});
export type LiveHostReviewBody = Static<typeof LiveHostReviewBody>;
export const LiveBanBody = Type.Object({
  roomId: RoomId,
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'LIVE_REASON_INVALID' }),
});
export type LiveBanBody = Static<typeof LiveBanBody>;
export const LiveGiftUpsertBody = Type.Object({
  id: Type.Optional(Id('LIVE_GIFT_NOT_FOUND')),
  name: Type.String({ minLength: 1, maxLength: 20, errorId: 'LIVE_GIFT_INVALID' }),
  icon: SafeUrl('LIVE_GIFT_INVALID'),
  price: Type.Integer({ minimum: 1, maximum: 10_000_000, errorId: 'LIVE_GIFT_INVALID' }),
  tier: Type.Integer({ minimum: 1, maximum: 3, errorId: 'LIVE_GIFT_INVALID' }),
  enabled: Type.Boolean(),
});
export type LiveGiftUpsertBody = Static<typeof LiveGiftUpsertBody>;
export const LiveAdUpsertBody = Type.Object({
  id: Type.Optional(Id('LIVE_AD_NOT_FOUND')),
  title: Type.String({ minLength: 1, maxLength: 30, errorId: 'LIVE_AD_INVALID' }),
  image: SafeUrl('LIVE_AD_INVALID'),
  link: Type.Union([SafeUrl('LIVE_AD_INVALID'), Type.Literal('')], { errorId: 'LIVE_AD_INVALID' }),
  enabled: Type.Boolean(),
});
export type LiveAdUpsertBody = Static<typeof LiveAdUpsertBody>;
export const LiveIdData = Type.Object({ id: Type.Integer() });

// ---- the room's live-chat messages (the opaque body of a LiveMessage) ----

/**
 * The body of every message of a room's AVChatRoom channel. Viewers post `text` (and `enter` on
 * arrival); the server posts `event` (High priority) for the shelf, likes, gifts, buys, follows
 * and the room's state, and viewers update the page from them.
 */
export type LiveChatBody =
  | { kind: 'text'; text: string; nick: string; avatar: string }
  | { kind: 'enter'; nick: string }
  | { kind: 'event'; event: LiveEvent };
export type LiveEvent =
  | { type: 'shelf'; shelf: LiveShelfItem[]; pinned: LiveShelfItem | null }
  | { type: 'like'; userId: number; nickname: string; count: number; likes: number }
  | {
      type: 'gift';
      userId: number;
      nickname: string;
      avatar: string;
      gift: LiveGift;
      count: number;
    }
  | { type: 'buy'; nickname: string; title: string }
  | { type: 'follow'; nickname: string }
  | { type: 'state'; state: LiveRoomState };
