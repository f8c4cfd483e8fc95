import {
  DeskAgentList,
  DeskBuyerInfo,
  DeskBuyerQuery,
  DeskConversationBody,
  DeskConversationPage,
  DeskCredential,
  DeskListQuery,
  DeskState,
  DeskStoreQuery,
  DeskTransferBody,
  Empty,
  QuickReply,
  QuickReplyIdBody,
  QuickReplyListQuery,
  QuickReplyPage,
  QuickReplySaveBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { DeskService } from './desk.service.ts';
import type { QuickReplies } from './quick-reply.service.ts';

const tags = ['admin'];
const read = { auth: 'admin' as const, perm: 'chat.read' };
const write = { auth: 'admin' as const, perm: 'chat.write' };

/** The 客服 desk's console routes (admin/chat/*). */
export async function deskRoutes(app: FastifyInstance, desk: DeskService, quick: QuickReplies) {
  const r = typed(app);
  const base = `${API}/admin/chat`;

  r.get(
    `${base}/credential`,
    {
      config: read,
      schema: {
        tags,
        summary: '客服工作台：以店铺客服账号登录即时通讯的凭证（需接待权限）',
        querystring: DeskStoreQuery,
        response: responses(DeskCredential),
      },
    },
    async (req) => ok(await desk.credential(consoleActor(req), req.query.storeId)),
  );

  r.get(
    `${base}/queue`,
    {
      config: read,
      schema: {
        tags,
        summary: '待接入的买家会话（等待最久的在前）',
        querystring: DeskListQuery,
        response: responses(DeskConversationPage),
      },
    },
    async (req) => ok(await desk.queue(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/mine`,
    {
      config: read,
      schema: {
        tags,
        summary: '我接待中的会话（含未读数）',
        querystring: DeskListQuery,
        response: responses(DeskConversationPage),
      },
    },
    async (req) => ok(await desk.mine(consoleActor(req), req.query)),
  );

  r.post(
    `${base}/claim`,
    {
      config: write,
      schema: {
        tags,
        summary: '接入会话（多人同时接入时仅一人成功）',
        body: DeskConversationBody,
        response: responses(DeskState),
      },
    },
    async (req) => ok(await desk.claim(consoleActor(req), req.body.conversation)),
  );

  r.post(
    `${base}/transfer`,
    {
      config: write,
      schema: {
        tags,
        summary: '转接给本店的其他客服',
        body: DeskTransferBody,
        response: responses(DeskState),
      },
    },
    async (req) =>
      ok(await desk.transfer(consoleActor(req), req.body.conversation, req.body.toAgentUserId)),
  );

  r.post(
    `${base}/close`,
    {
      config: write,
      schema: {
        tags,
        summary: '结束会话（买家再次发言时重新进入待接入）',
        body: DeskConversationBody,
        response: responses(DeskState),
      },
    },
    async (req) => ok(await desk.close(consoleActor(req), req.body.conversation)),
  );

  r.get(
    `${base}/agents`,
    {
      config: read,
      schema: {
        tags,
        summary: '本店可接待的客服（转接对象）',
        querystring: DeskStoreQuery,
        response: responses(DeskAgentList),
      },
    },
    async (req) => ok(await desk.agents(consoleActor(req), req.query.storeId)),
  );

  r.get(
    `${base}/buyer`,
    {
      config: read,
      schema: {
        tags,
        summary: '会话中的买家：昵称、头像与在本店的最近订单',
        querystring: DeskBuyerQuery,
        response: responses(DeskBuyerInfo),
      },
    },
    async (req) => ok(await desk.buyer(consoleActor(req), req.query.storeId, req.query.buyer)),
  );

  r.get(
    `${base}/quickReply/list`,
    {
      config: read,
      schema: {
        tags,
        summary: '店铺快捷回复',
        querystring: QuickReplyListQuery,
        response: responses(QuickReplyPage),
      },
    },
    async (req) => ok(await quick.page(consoleActor(req), req.query)),
  );

  r.post(
    `${base}/quickReply/save`,
    {
      config: write,
      schema: {
        tags,
        summary: '新增或修改快捷回复',
        body: QuickReplySaveBody,
        response: responses(QuickReply),
      },
    },
    async (req) => ok(await quick.save(consoleActor(req), req.body)),
  );

  r.post(
    `${base}/quickReply/delete`,
    {
      config: write,
      schema: { tags, summary: '删除快捷回复', body: QuickReplyIdBody, response: responses(Empty) },
    },
    async (req) => {
      await quick.remove(consoleActor(req), req.body.id);
      return ok(null);
    },
  );
}
