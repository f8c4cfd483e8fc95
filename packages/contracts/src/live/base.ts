// Limits, field schemas and the host card the live contracts share.
import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';

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

export const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
/** A picture or link the app opens: a path of this site or an http(s) address, no script scheme. */
export const URL_PATTERN = '^(/(?!/)|https?://)[^\\s<>"]*$';
export const SafeUrl = (errorId: string, minLength = 1) =>
  Type.String({ minLength, maxLength: 500, pattern: URL_PATTERN, errorId });
export const RoomId = Id('LIVE_ROOM_NOT_FOUND');

export const LIVE_ROOM_STATES = ['notice', 'live', 'ended', 'banned'] as const;
export type LiveRoomState = (typeof LIVE_ROOM_STATES)[number];
export const RoomState = Type.Union([
  Type.Literal('notice'),
  Type.Literal('live'),
  Type.Literal('ended'),
  Type.Literal('banned'),
]);

/** hidden: not shown; onSale: shown and buyable; shown: shown, not buyable (即将开售). */
export const LIVE_SHELF_STATUSES = ['hidden', 'onSale', 'shown'] as const;
export type LiveShelfStatus = (typeof LIVE_SHELF_STATUSES)[number];
export const ShelfStatus = Type.Union(
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
