// Request and response schemas of live selling (SPEC §7 the Live family): rooms, discovery, the
// shelf, likes, gifts and rankings, notices and follows, hosts and their live centre.
// Money is integer fen; times are ISO strings. A room is one broadcast: 预告 → 直播中 → 已结束
// (its replay), or 封禁 by the operator.
import { type Static, Type } from 'typebox';
import { MAX_ID, PAY_PASSWORD_PATTERN } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';
import { CLIENT_KEY_PATTERN } from '../order/index.ts';
import {
  Id,
  LIVE_GIFT_COUNT_MAX,
  LIVE_LIKE_BATCH_MAX,
  LiveHost,
  RoomId,
  RoomState,
  ShelfStatus,
} from './base.ts';

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
