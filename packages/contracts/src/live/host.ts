// Hosts: applying, creating a room, the shelf, the push address and the live centre.
import { type Static, Type } from 'typebox';
import { Page } from '../envelope.ts';
import {
  Id,
  LIVE_INTRO_MAX,
  LIVE_SHELF_MAX,
  LIVE_TITLE_MAX,
  LiveHost,
  RoomId,
  SafeUrl,
  ShelfStatus,
} from './base.ts';
import { LiveRoomCard, LiveStats } from './rooms.ts';

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
