import {
  Empty,
  MySubscribeQuery,
  MySubscription,
  NewOrderData,
  Page,
  SeckillBannerData,
  SeckillItemData,
  SeckillItemQuery,
  SeckillItemsData,
  SeckillItemsQuery,
  SeckillOfProductData,
  SeckillOfProductQuery,
  SeckillRushBody,
  SeckillSessionBody,
  SeckillSessionCreated,
  SeckillSessionsData,
  SeckillSubscribeBody,
  SeckillUnsubscribeBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { SeckillService } from './seckill.service.ts';

const tags = ['seckill'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };

/** The flash sale (SPEC §7 "seckill and reminders", "snap-up subscribe", home seckill banner). */
export async function seckillRoutes(app: FastifyInstance, seckill: SeckillService) {
  const r = typed(app);
  const base = `${API}/seckill`;

  r.get(
    `${base}/sessions`,
    {
      schema: {
        tags,
        summary: '秒杀场次（已开抢 / 抢购中 / 即将开始）',
        response: responses(SeckillSessionsData),
      },
    },
    async () => ok(await seckill.sessions()),
  );

  r.get(
    `${base}/items`,
    {
      config: optional,
      schema: {
        tags,
        summary: '场次的秒杀商品（进度、按钮状态、是否已设提醒）',
        querystring: SeckillItemsQuery,
        response: responses(SeckillItemsData),
      },
    },
    async (req) => ok(await seckill.items(optionalUser(req)?.id ?? null, req.query.sessionId)),
  );

  r.get(
    `${base}/item`,
    {
      config: optional,
      schema: {
        tags,
        summary: '秒杀商品详情（立即抢购页）',
        querystring: SeckillItemQuery,
        response: responses(SeckillItemData),
      },
    },
    async (req) => ok(await seckill.item(optionalUser(req)?.id ?? null, req.query.id)),
  );

  r.get(
    `${base}/product`,
    {
      config: optional,
      schema: {
        tags,
        summary: '商品详情页的秒杀条（进行中或一天内即将开始的秒杀，没有则为 null）',
        querystring: SeckillOfProductQuery,
        response: responses(SeckillOfProductData),
      },
    },
    async (req) => ok(await seckill.ofProduct(optionalUser(req)?.id ?? null, req.query.productId)),
  );

  r.get(
    `${base}/banner`,
    { schema: { tags, summary: '首页秒杀入口', response: responses(SeckillBannerData) } },
    async () => ok(await seckill.banner()),
  );

  r.post(
    `${base}/subscribe`,
    {
      config: user,
      schema: {
        tags,
        summary: '提醒我：开抢前提醒（消息中心，可选短信）',
        body: SeckillSubscribeBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await seckill.subscribe(currentUser(req).id, req.body.itemId, Boolean(req.body.sms));
      return ok(null);
    },
  );

  r.post(
    `${base}/unsubscribe`,
    {
      config: user,
      schema: {
        tags,
        summary: '取消提醒',
        body: SeckillUnsubscribeBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await seckill.unsubscribe(currentUser(req).id, req.body.itemId);
      return ok(null);
    },
  );

  r.get(
    `${base}/mySubscribe`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的订阅（秒杀提醒）',
        querystring: MySubscribeQuery,
        response: responses(Page(MySubscription)),
      },
    },
    async (req) => ok(await seckill.mySubscriptions(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/rush`,
    {
      config: user,
      schema: {
        tags,
        summary: '立即抢购（请求头 ticket：人机验证的解答，一次有效）',
        body: SeckillRushBody,
        response: responses(NewOrderData),
      },
    },
    async (req) => {
      const header = req.headers.ticket;
      const ticket = Array.isArray(header) ? header[0] : header;
      return ok(await seckill.rush(currentUser(req).id, req.ip, ticket, req.body));
    },
  );

  r.post(
    `${API}/admin/seckill/session`,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：新建秒杀场次（秒杀库存从商品库存中划出）',
        body: SeckillSessionBody,
        response: responses(SeckillSessionCreated),
      },
    },
    async (req) => ok(await seckill.createSession(req.body)),
  );
}
