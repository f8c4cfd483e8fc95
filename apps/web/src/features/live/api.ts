import type { LiveGiftBody, LiveRankPeriod } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export type LiveListState = 'live' | 'notice' | 'replay';

/** The viewer side of live selling (SPEC §7 the Live family). */
export const liveApi = {
  index: () => get('live/querIndex'),
  ads: () => get('live/ads'),
  sorts: () => get('live/getLiveSort'),
  recommend: () => get('live/roomRecommend'),
  list: (q: { sortId?: number; state?: LiveListState; pageNum: number; pageSize?: number }) =>
    get('live/list', {
      sortId: q.sortId || undefined,
      state: q.state,
      pageNum: q.pageNum,
      pageSize: q.pageSize ?? 10,
    }),
  search: (keyword: string, pageNum: number, pageSize = 10) =>
    get('live/search', { keyword, pageNum, pageSize }),
  roomInfo: (roomId: number) => get('live/getRoomInfo', { roomId }),
  playUrls: (roomId: number) => get('live/getPlayVideo', { roomId }),
  replay: (roomId: number) => get('live/getRecordInfo', { roomId }),
  shelf: (roomId: number) => get('live/shelf', { roomId }),
  like: (roomId: number, count: number) => post('live/like', { roomId, count }),
  gifts: () => get('live/gifts'),
  gift: (body: LiveGiftBody) => post('live/gift', { ...body }),
  ranking: (roomId: number, period: LiveRankPeriod) =>
    get('live/rewardRanking', { roomId, period }),
  /** 直播预告: upcoming rooms. */
  notices: (pageNum: number, pageSize = 10) => get('live/notice/list', { pageNum, pageSize }),
  /** 预约 (on) or 取消预约 of a 预告 room. */
  notice: (roomId: number, on: boolean) =>
    post(on ? 'live/userNotice/insertUser' : 'live/userNotice/delete', { roomId }),
  /** 我的提醒: the upcoming (or live) rooms I 预约'd, soonest first. */
  reservations: (pageNum: number, pageSize = 10) =>
    get('live/userNotice/list', { pageNum, pageSize }),
  isNotice: (roomId: number) => get('live/userNotice/isNotice', { roomId }),
  follow: (hostId: number, follow: boolean) => post('live/userFollow', { hostId, follow }),
  isFollow: (hostId: number) => get('live/isFollow', { hostId }),
  /** 我的关注 › 主播. */
  followed: (pageNum: number, pageSize = 10) => get('live/follow/list', { pageNum, pageSize }),
  over: (roomId: number) => get('live/liveOver', { roomId }),
};
