import type {
  LiveAd,
  LiveFollowedHost,
  LiveGift,
  LiveGiftBody,
  LiveGiftSent,
  LiveIndexData,
  LiveOverData,
  LivePlayUrls,
  LiveRankingData,
  LiveRankPeriod,
  LiveReplay,
  LiveRoomCard,
  LiveRoomInfo,
  LiveShelfItem,
  LiveSort,
  PageOf,
} from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export type LiveListState = 'live' | 'notice' | 'replay';

/** The viewer side of live selling (SPEC §7 the Live family). */
export const liveApi = {
  index: () => get<LiveIndexData>('live/querIndex'),
  ads: () => get<LiveAd[]>('live/ads'),
  sorts: () => get<LiveSort[]>('live/getLiveSort'),
  recommend: () => get<LiveRoomCard[]>('live/roomRecommend'),
  list: (q: { sortId?: number; state?: LiveListState; pageNum: number; pageSize?: number }) =>
    get<PageOf<LiveRoomCard>>('live/list', {
      sortId: q.sortId || undefined,
      state: q.state,
      pageNum: q.pageNum,
      pageSize: q.pageSize ?? 10,
    }),
  search: (keyword: string, pageNum: number, pageSize = 10) =>
    get<PageOf<LiveRoomCard>>('live/search', { keyword, pageNum, pageSize }),
  roomInfo: (roomId: number) => get<LiveRoomInfo>('live/getRoomInfo', { roomId }),
  playUrls: (roomId: number) => get<LivePlayUrls>('live/getPlayVideo', { roomId }),
  replay: (roomId: number) => get<LiveReplay>('live/getRecordInfo', { roomId }),
  shelf: (roomId: number) => get<LiveShelfItem[]>('live/shelf', { roomId }),
  like: (roomId: number, count: number) => post<{ likes: number }>('live/like', { roomId, count }),
  gifts: () => get<LiveGift[]>('live/gifts'),
  gift: (body: LiveGiftBody) => post<LiveGiftSent>('live/gift', { ...body }),
  ranking: (roomId: number, period: LiveRankPeriod) =>
    get<LiveRankingData>('live/rewardRanking', { roomId, period }),
  /** 直播预告: upcoming rooms. */
  notices: (pageNum: number, pageSize = 10) =>
    get<PageOf<LiveRoomCard>>('live/notice/list', { pageNum, pageSize }),
  /** 预约 (on) or 取消预约 of a 预告 room. */
  notice: (roomId: number, on: boolean) =>
    post<null>(on ? 'live/userNotice/insertUser' : 'live/userNotice/delete', { roomId }),
  /** 我的提醒: the upcoming (or live) rooms I 预约'd, soonest first. */
  reservations: (pageNum: number, pageSize = 10) =>
    get<PageOf<LiveRoomCard>>('live/userNotice/list', { pageNum, pageSize }),
  isNotice: (roomId: number) => get<boolean>('live/userNotice/isNotice', { roomId }),
  follow: (hostId: number, follow: boolean) => post<null>('live/userFollow', { hostId, follow }),
  isFollow: (hostId: number) => get<boolean>('live/isFollow', { hostId }),
  /** 我的关注 › 主播. */
  followed: (pageNum: number, pageSize = 10) =>
    get<PageOf<LiveFollowedHost>>('live/follow/list', { pageNum, pageSize }),
  over: (roomId: number) => get<LiveOverData>('live/liveOver', { roomId }),
};
