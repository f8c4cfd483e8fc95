import {
  MessageIdQuery,
  MessageItem,
  MessageListByTypeQuery,
  MessageOverview,
  MessagePage,
  MessageReadBody,
  MessageReadData,
  MessageUnreadCount,
  UnreadAndCartCount,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { MessageService } from './message.service.ts';

const tags = ['message'];
const auth = { auth: 'user' as const };

/** The message family, the operator's publish, and the home badges that show unread counts. */
export async function messageRoutes(
  app: FastifyInstance,
  messages: MessageService,
  cartCount: (userId: number) => Promise<number>,
) {
  const r = typed(app);
  const base = `${API}/message`;

  r.get(
    `${base}/list`,
    {
      config: auth,
      schema: {
        tags,
        summary: '消息中心：各类消息的未读数与最新一条',
        response: responses(MessageOverview),
      },
    },
    async (req) => ok(await messages.overview(currentUser(req).id)),
  );

  r.get(
    `${base}/listByType`,
    {
      config: auth,
      schema: {
        tags,
        summary: '按类型分页的消息列表（system 系统消息，order 订单消息）',
        querystring: MessageListByTypeQuery,
        response: responses(MessagePage),
      },
    },
    async (req) => ok(await messages.listByType(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/queryById`,
    {
      config: auth,
      schema: {
        tags,
        summary: '消息详情（同时标记为已读）',
        querystring: MessageIdQuery,
        response: responses(MessageItem),
      },
    },
    async (req) => ok(await messages.open(currentUser(req).id, req.query.id)),
  );

  r.post(
    `${base}/read`,
    {
      config: auth,
      schema: {
        tags,
        summary: '标记已读：指定 ids，或某类型的全部',
        body: MessageReadBody,
        response: responses(MessageReadData),
      },
    },
    async (req) => ok(await messages.read(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/unreadCount`,
    {
      config: auth,
      schema: { tags, summary: '未读消息数', response: responses(MessageUnreadCount) },
    },
    async (req) => ok(await messages.unreadCount(currentUser(req).id)),
  );

  // Served here rather than by the cart: the unread count is this module's, the cart's count is
  // a call into the cart module (which registers first and so cannot call back into this one).
  r.get(
    `${API}/home/unreadAndCartCount`,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['home'],
        summary: '首页角标：未读消息数与购物车件数（未登录为0）',
        response: responses(UnreadAndCartCount),
      },
    },
    async (req) => {
      const user = optionalUser(req);
      if (!user) return ok({ unread: 0, cartCount: 0 });
      const [unread, cart] = await Promise.all([messages.unreadCount(user.id), cartCount(user.id)]);
      return ok({ unread: unread.total, cartCount: cart });
    },
  );
}
