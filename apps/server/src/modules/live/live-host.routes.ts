import {
  LiveCentreData,
  LiveHistoryPage,
  LiveHostApplyBody,
  LiveHostStatusData,
  LiveIdData,
  LivePageQuery,
  LivePinBody,
  LivePushData,
  LiveRoomIdBody,
  LiveRoomQuery,
  LiveShelfData,
  LiveShelfStatusBody,
  LiveStats,
  LiveUpInfoBody,
  LiveUpShopBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { LiveHosts } from './hosts/live-hosts.service.ts';
import type { LiveRoomService } from './rooms/live-room.service.ts';

const tags = ['live-host'];
const user = { auth: 'user' as const };

/** The host's routes: 主播入驻 and the live centre (rooms, shelf, push address, figures). */
export async function liveHostRoutes(
  app: FastifyInstance,
  s: { hosts: LiveHosts; rooms: LiveRoomService },
) {
  const r = typed(app);
  const base = `${API}/live`;
  const { hosts, rooms } = s;

  r.get(
    `${base}/host/status`,
    {
      config: user,
      schema: { tags, summary: '主播入驻状态', response: responses(LiveHostStatusData) },
    },
    async (req) => ok(await hosts.status(currentUser(req).id)),
  );
  r.post(
    `${base}/host/apply`,
    {
      config: user,
      schema: {
        tags,
        summary: '申请成为主播（需实名）',
        body: LiveHostApplyBody,
        response: responses(LiveHostStatusData),
      },
    },
    async (req) => ok(await hosts.apply(currentUser(req).id, req.body)),
  );
  r.get(
    `${base}/centre`,
    { config: user, schema: { tags, summary: '直播中心', response: responses(LiveCentreData) } },
    async (req) => ok(await rooms.centre(currentUser(req).id)),
  );
  r.post(
    `${base}/upInfo`,
    {
      config: user,
      schema: {
        tags,
        summary: '创建/编辑直播间（可设预告时间）',
        body: LiveUpInfoBody,
        response: responses(LiveIdData),
      },
    },
    async (req) => ok(await rooms.upInfo(currentUser(req).id, req.body)),
  );
  r.get(
    `${base}/host/shelf`,
    {
      config: user,
      schema: {
        tags,
        summary: '直播间货架（主播，含隐藏）',
        querystring: LiveRoomQuery,
        response: responses(LiveShelfData),
      },
    },
    async (req) => ok(await rooms.hostShelf(currentUser(req).id, req.query.roomId)),
  );
  r.post(
    `${base}/upShop`,
    {
      config: user,
      schema: {
        tags,
        summary: '设置直播间货架',
        body: LiveUpShopBody,
        response: responses(LiveShelfData),
      },
    },
    async (req) => ok(await rooms.upShop(currentUser(req).id, req.body)),
  );
  r.post(
    `${base}/shelf/status`,
    {
      config: user,
      schema: {
        tags,
        summary: '货架商品状态',
        body: LiveShelfStatusBody,
        response: responses(LiveShelfData),
      },
    },
    async (req) =>
      ok(
        await rooms.setStatus(
          currentUser(req).id,
          req.body.roomId,
          req.body.productId,
          req.body.status,
        ),
      ),
  );
  r.post(
    `${base}/pin`,
    {
      config: user,
      schema: {
        tags,
        summary: '讲解中（置顶商品）',
        body: LivePinBody,
        response: responses(LiveShelfData),
      },
    },
    async (req) => ok(await rooms.pin(currentUser(req).id, req.body.roomId, req.body.productId)),
  );
  r.get(
    `${base}/livePlay`,
    {
      config: user,
      schema: {
        tags,
        summary: '推流地址（签名，限时）',
        querystring: LiveRoomQuery,
        response: responses(LivePushData),
      },
    },
    async (req) => ok(await rooms.livePlay(currentUser(req).id, req.query.roomId)),
  );
  r.post(
    `${base}/end`,
    {
      config: user,
      schema: { tags, summary: '结束直播', body: LiveRoomIdBody, response: responses(LiveStats) },
    },
    async (req) => ok(await rooms.end(currentUser(req).id, req.body.roomId)),
  );
  r.get(
    `${base}/stats`,
    {
      config: user,
      schema: {
        tags,
        summary: '直播数据',
        querystring: LiveRoomQuery,
        response: responses(LiveStats),
      },
    },
    async (req) => ok(await rooms.figures(currentUser(req).id, req.query.roomId)),
  );
  r.get(
    `${base}/history`,
    {
      config: user,
      schema: {
        tags,
        summary: '直播记录',
        querystring: LivePageQuery,
        response: responses(LiveHistoryPage),
      },
    },
    async (req) =>
      ok(
        await rooms.history(currentUser(req).id, req.query.pageNum ?? 1, req.query.pageSize ?? 10),
      ),
  );
}
