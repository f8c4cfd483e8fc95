// Live selling (SPEC §7 the Live family): rooms, discovery, the shelf, likes, gifts and rankings,
// notices and follows, hosts and their live centre, the operator's side and the room's chat bodies.

export * from './admin.ts';
export {
  LIVE_GIFT_COUNT_MAX,
  LIVE_GIFT_HOST_SHARE,
  LIVE_INTRO_MAX,
  LIVE_LIKE_BATCH_MAX,
  LIVE_NOTICE_MAX_DAYS,
  LIVE_PUSH_TTL_MINUTES,
  LIVE_ROOM_STATES,
  LIVE_SHELF_MAX,
  LIVE_SHELF_STATUSES,
  LIVE_TITLE_MAX,
  LiveHost,
  type LiveRoomState,
  type LiveShelfStatus,
} from './base.ts';
export * from './chat.ts';
export * from './host.ts';
export * from './rooms.ts';
