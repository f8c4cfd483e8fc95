import {
  Empty,
  LiveAdsData,
  LiveFlagData,
  LiveFollowBody,
  LiveFollowPage,
  LiveGiftBody,
  LiveGiftSent,
  LiveGiftsData,
  LiveHostQuery,
  LiveIndexData,
  LiveLikeBody,
  LiveLikeData,
  LiveListQuery,
  LiveOverData,
  LivePageQuery,
  LivePlayUrls,
  LiveRankingData,
  LiveRankingQuery,
  LiveReplay,
  LiveRoomIdBody,
  LiveRoomInfo,
  LiveRoomPage,
  LiveRoomQuery,
  LiveRoomsData,
  LiveSearchQuery,
  LiveShelfData,
  LiveSortsData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { LiveAudience } from './audience/live-audience.service.ts';
import type { LiveGifts } from './gifts/live-gifts.service.ts';
import type { LiveDiscovery } from './rooms/live-discovery.service.ts';

const tags = ['live'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };

/** What viewers use (SPEC §7 the Live family): discovery, a room, likes, gifts, follows, 预约. */
export async function liveRoutes(
  app: FastifyInstance,
  s: { discovery: LiveDiscovery; audience: LiveAudience; gifts: LiveGifts },
) {
  const r = typed(app);
  const base = `${API}/live`;
  const { discovery, audience, gifts } = s;

  r.get(
    `${base}/querIndex`,
    {
      schema: { tags, summary: '直播首页（广告、分类、推荐）', response: responses(LiveIndexData) },
    },
    async () => ok(await discovery.index()),
  );
  r.get(
    `${base}/ads`,
    { schema: { tags, summary: '直播页广告', response: responses(LiveAdsData) } },
    async () => ok(await discovery.ads()),
  );
  r.get(
    `${base}/getLiveSort`,
    { schema: { tags, summary: '直播分类', response: responses(LiveSortsData) } },
    async () => ok(await discovery.sorts()),
  );
  r.get(
    `${base}/roomRecommend`,
    { schema: { tags, summary: '推荐直播间（直播中优先）', response: responses(LiveRoomsData) } },
    async () => ok(await discovery.recommend()),
  );
  r.get(
    `${base}/list`,
    {
      schema: {
        tags,
        summary: '直播列表',
        querystring: LiveListQuery,
        response: responses(LiveRoomPage),
      },
    },
    async (req) => ok(await discovery.list(req.query)),
  );
  r.get(
    `${base}/search`,
    {
      schema: {
        tags,
        summary: '搜索直播',
        querystring: LiveSearchQuery,
        response: responses(LiveRoomPage),
      },
    },
    async (req) =>
      ok(
        await discovery.page(
          { keyword: req.query.keyword.trim() || undefined },
          req.query.pageNum ?? 1,
          req.query.pageSize ?? 10,
        ),
      ),
  );
  r.get(
    `${base}/notice/list`,
    {
      schema: {
        tags,
        summary: '直播预告',
        querystring: LivePageQuery,
        response: responses(LiveRoomPage),
      },
    },
    async (req) =>
      ok(
        await discovery.page({ state: 'notice' }, req.query.pageNum ?? 1, req.query.pageSize ?? 10),
      ),
  );
  r.get(
    `${base}/getRoomInfo`,
    {
      config: optional,
      schema: {
        tags,
        summary: '直播间信息',
        querystring: LiveRoomQuery,
        response: responses(LiveRoomInfo),
      },
    },
    async (req) => {
      const me = optionalUser(req)?.id ?? null;
      return ok(await discovery.roomInfo(me, req.query.roomId, me ? `u${me}` : `ip${req.ip}`));
    },
  );
  r.get(
    `${base}/getPlayVideo`,
    {
      schema: {
        tags,
        summary: '直播播放地址',
        querystring: LiveRoomQuery,
        response: responses(LivePlayUrls),
      },
    },
    async (req) => ok(await discovery.playVideo(req.query.roomId)),
  );
  r.get(
    `${base}/getRecordInfo`,
    {
      schema: {
        tags,
        summary: '直播回放',
        querystring: LiveRoomQuery,
        response: responses(LiveReplay),
      },
    },
    async (req) => ok(await discovery.replay(req.query.roomId)),
  );
  r.get(
    `${base}/shelf`,
    {
      schema: {
        tags,
        summary: '直播间货架',
        querystring: LiveRoomQuery,
        response: responses(LiveShelfData),
      },
    },
    async (req) => ok(await discovery.shelf(req.query.roomId)),
  );
  r.get(
    `${base}/liveOver`,
    {
      config: optional,
      schema: {
        tags,
        summary: '直播结束页',
        querystring: LiveRoomQuery,
        response: responses(LiveOverData),
      },
    },
    async (req) => ok(await discovery.over(optionalUser(req)?.id ?? null, req.query.roomId)),
  );
  r.post(
    `${base}/like`,
    {
      config: user,
      schema: {
        tags,
        summary: '点赞（每秒一次，合并多次点击）',
        body: LiveLikeBody,
        response: responses(LiveLikeData),
      },
    },
    async (req) => ok(await audience.like(currentUser(req).id, req.body.roomId, req.body.count)),
  );
  r.get(
    `${base}/gifts`,
    { schema: { tags, summary: '礼物列表', response: responses(LiveGiftsData) } },
    async () => ok(await gifts.catalogue()),
  );
  r.post(
    `${base}/gift`,
    {
      config: user,
      schema: {
        tags,
        summary: '送礼物（余额支付，支付密码）',
        body: LiveGiftBody,
        response: responses(LiveGiftSent),
      },
    },
    async (req) => ok(await gifts.send(currentUser(req).id, req.body)),
  );
  r.get(
    `${base}/rewardRanking`,
    {
      config: optional,
      schema: {
        tags,
        summary: '打赏榜',
        querystring: LiveRankingQuery,
        response: responses(LiveRankingData),
      },
    },
    async (req) => ok(await gifts.ranking(optionalUser(req)?.id ?? null, req.query)),
  );
  r.post(
    `${base}/userNotice/insertUser`,
    {
      config: user,
      schema: { tags, summary: '预约直播', body: LiveRoomIdBody, response: responses(Empty) },
    },
    async (req) => {
      await audience.subscribe(currentUser(req).id, req.body.roomId);
      return ok(null);
    },
  );
  r.post(
    `${base}/userNotice/delete`,
    {
      config: user,
      schema: { tags, summary: '取消预约', body: LiveRoomIdBody, response: responses(Empty) },
    },
    async (req) => {
      await audience.unsubscribe(currentUser(req).id, req.body.roomId);
      return ok(null);
    },
  );
  r.get(
    `${base}/userNotice/list`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的预约（我的提醒）',
        querystring: LivePageQuery,
        response: responses(LiveRoomPage),
      },
    },
    async (req) =>
      ok(
        await discovery.reservations(
          currentUser(req).id,
          req.query.pageNum ?? 1,
          req.query.pageSize ?? 10,
        ),
      ),
  );
  r.get(
    `${base}/userNotice/isNotice`,
    {
      config: user,
      schema: {
        tags,
        summary: '是否已预约',
        querystring: LiveRoomQuery,
        response: responses(LiveFlagData),
      },
    },
    async (req) => ok(await audience.isNotice(currentUser(req).id, req.query.roomId)),
  );
  r.post(
    `${base}/userFollow`,
    {
      config: user,
      schema: {
        tags,
        summary: '关注/取消关注主播',
        body: LiveFollowBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await audience.follow(currentUser(req).id, req.body.hostId, req.body.follow);
      return ok(null);
    },
  );
  r.get(
    `${base}/isFollow`,
    {
      config: user,
      schema: {
        tags,
        summary: '是否已关注主播',
        querystring: LiveHostQuery,
        response: responses(LiveFlagData),
      },
    },
    async (req) => ok(await audience.isFollow(currentUser(req).id, req.query.hostId)),
  );
  r.get(
    `${base}/follow/list`,
    {
      config: user,
      schema: {
        tags,
        summary: '关注的主播',
        querystring: LivePageQuery,
        response: responses(LiveFollowPage),
      },
    },
    async (req) =>
      ok(
        await audience.follows(
          currentUser(req).id,
          req.query.pageNum ?? 1,
          req.query.pageSize ?? 10,
        ),
      ),
  );
}
