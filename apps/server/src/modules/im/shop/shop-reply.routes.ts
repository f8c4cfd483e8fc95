import { ShopReplyBody, ShopReplyQuery, ShopReplySettings } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { assertStore, consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { ShopReplies } from './shop-reply.service.ts';

const tags = ['admin'];

/** A store's 客服 auto replies (welcome and away texts), edited by its agents (and the operator). */
export async function shopReplyRoutes(app: FastifyInstance, replies: ShopReplies) {
  const r = typed(app);
  const url = `${API}/admin/store/chatReply`;
  r.get(
    url,
    {
      config: { auth: 'admin', perm: 'chat.read' },
      schema: {
        tags,
        summary: '店铺客服自动回复：欢迎语与离线回复（未设置时为默认文案）',
        querystring: ShopReplyQuery,
        response: responses(ShopReplySettings),
      },
    },
    async (req) => {
      assertStore(consoleActor(req), req.query.storeId, 'STORE_NOT_FOUND');
      return ok(await replies.settings(req.query.storeId));
    },
  );
  r.post(
    url,
    {
      config: { auth: 'admin', perm: 'chat.write' },
      schema: {
        tags,
        summary: '设置店铺客服自动回复（{店铺名} 替换为店铺名称；留空恢复默认）',
        body: ShopReplyBody,
        response: responses(ShopReplySettings),
      },
    },
    async (req) => {
      const actor = consoleActor(req);
      assertStore(actor, req.body.storeId, 'STORE_NOT_FOUND');
      return ok(await replies.update(actor, req.body));
    },
  );
}
