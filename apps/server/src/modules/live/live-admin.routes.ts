import {
  Empty,
  LiveAdminHostsQuery,
  LiveAdUpsertBody,
  LiveBanBody,
  LiveGiftUpsertBody,
  LiveHostApplicationPage,
  LiveHostReviewBody,
  LiveIdData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { LiveAdmin } from './hosts/live-admin.service.ts';
import type { LiveHosts } from './hosts/live-hosts.service.ts';

const tags = ['admin'];
const auth = { auth: 'admin' as const };

/** The operator's live routes (role admin). */
export async function liveAdminRoutes(
  app: FastifyInstance,
  s: { hosts: LiveHosts; admin: LiveAdmin },
) {
  const r = typed(app);
  const base = `${API}/admin/live`;
  r.get(
    `${base}/hosts`,
    {
      config: auth,
      schema: {
        tags,
        summary: '主播入驻申请',
        querystring: LiveAdminHostsQuery,
        response: responses(LiveHostApplicationPage),
      },
    },
    async (req) => ok(await s.hosts.applications(req.query)),
  );
  r.post(
    `${base}/host/review`,
    {
      config: auth,
      schema: { tags, summary: '审核主播', body: LiveHostReviewBody, response: responses(Empty) },
    },
    async (req) => {
      await s.hosts.review(req.body.userId, req.body.approve, req.body.reason);
      return ok(null);
    },
  );
  r.post(
    `${base}/room/ban`,
    {
      config: auth,
      schema: {
        tags,
        summary: '封禁直播间（立即断流）',
        body: LiveBanBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await s.admin.ban(req.body.roomId, req.body.reason);
      return ok(null);
    },
  );
  r.post(
    `${base}/gift`,
    {
      config: auth,
      schema: {
        tags,
        summary: '新增/修改礼物',
        body: LiveGiftUpsertBody,
        response: responses(LiveIdData),
      },
    },
    async (req) => ok(await s.admin.upsertGift(req.body)),
  );
  r.post(
    `${base}/ad`,
    {
      config: auth,
      schema: {
        tags,
        summary: '新增/修改直播广告',
        body: LiveAdUpsertBody,
        response: responses(LiveIdData),
      },
    },
    async (req) => ok(await s.admin.upsertAd(req.body)),
  );
}
