import {
  AdminNoticePage,
  AdminNoticeQuery,
  Empty,
  NoticeIdBody,
  NoticePublishBody,
  NoticePublishData,
  NoticeSaveBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { NoticeDesk } from './notice-desk.service.ts';

const tags = ['admin'];
const gate = { auth: 'admin' as const, perm: 'content.write' };

/** The console's 公告 page: list, publish or schedule, change before it goes out, withdraw. */
export async function noticeDeskRoutes(app: FastifyInstance, desk: NoticeDesk) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.get(
    `${base}/notice/list`,
    {
      config: gate,
      schema: {
        tags,
        summary: '系统公告列表',
        querystring: AdminNoticeQuery,
        response: responses(AdminNoticePage),
      },
    },
    async (req) => ok(await desk.page(req.query)),
  );

  r.post(
    `${base}/notice/save`,
    {
      config: gate,
      schema: {
        tags,
        summary: '发布、定时发布或修改未发出的公告',
        body: NoticeSaveBody,
        response: responses(NoticePublishData),
      },
    },
    async (req) => ok(await desk.save(consoleActor(req), req.body)),
  );

  r.post(
    `${base}/notice/withdraw`,
    {
      config: gate,
      schema: { tags, summary: '撤回公告', body: NoticeIdBody, response: responses(Empty) },
    },
    async (req) => {
      await desk.withdraw(consoleActor(req), req.body.id);
      return ok(null);
    },
  );

  r.post(
    `${base}/message/publish`,
    {
      config: gate,
      schema: {
        tags,
        summary: '发布系统消息：给全部用户，或给指定用户（userId）',
        body: NoticePublishBody,
        response: responses(NoticePublishData),
      },
    },
    async (req) => ok(await desk.save(consoleActor(req), req.body)),
  );
}
