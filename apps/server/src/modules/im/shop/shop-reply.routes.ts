import { ShopReplyBody, ShopReplyQuery, ShopReplySettings } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { ShopReplies } from './shop-reply.service.ts';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** The operator's shop chat (客服) auto replies: welcome and away texts per store. */
export async function shopReplyRoutes(app: FastifyInstance, replies: ShopReplies) {
  const r = typed(app);
  const url = `${API}/admin/store/chatReply`;
  r.get(
    url,
    {
      config: admin,
      schema: {
        tags,
        summary: '店铺客服自动回复：欢迎语与离线回复（未设置时为默认文案）',
        querystring: ShopReplyQuery,
        response: responses(ShopReplySettings),
      },
    },
    async (req) => ok(await replies.settings(req.query.storeId)),
  );
  r.post(
    url,
    {
      config: admin,
      schema: {
        tags,
        summary: '设置店铺客服自动回复（{店铺名} 替换为店铺名称；留空恢复默认）',
        body: ShopReplyBody,
        response: responses(ShopReplySettings),
      },
    },
    async (req) => ok(await replies.update(req.body)),
  );
}
