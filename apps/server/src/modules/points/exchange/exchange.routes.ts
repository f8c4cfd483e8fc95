import {
  ExchangeBuyBody,
  ExchangeBuyData,
  ExchangeHomeData,
  ExchangeItemBody,
  ExchangeItemCreated,
  ExchangeItemsQuery,
  ExchangeMineQuery,
  ExchangePurchase,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../../platform/auth.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { ExchangeService } from './exchange.service.ts';

const tags = ['exchange'];

/** exchangeWeb (积分商城): the items, a purchase with points, my purchases; operator items. */
export async function exchangeRoutes(app: FastifyInstance, exchange: ExchangeService) {
  const r = typed(app);
  r.get(
    `${API}/exchange/items`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '积分商城：我的积分与可兑换商品（按类型筛选）',
        querystring: ExchangeItemsQuery,
        response: responses(ExchangeHomeData),
      },
    },
    async (req) => ok(await exchange.home(optionalUser(req)?.id ?? null, req.query)),
  );
  r.post(
    `${API}/exchange/buy`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          '积分兑换（clientKey 相同的重复提交只兑换一次；商品需收货地址，生成订单到收银台支付现金部分与运费）',
        body: ExchangeBuyBody,
        response: responses(ExchangeBuyData),
      },
    },
    async (req) => ok(await exchange.buy(currentUser(req).id, req.body)),
  );
  r.get(
    `${API}/exchange/mine`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: '我的兑换记录',
        querystring: ExchangeMineQuery,
        response: responses(Page(ExchangePurchase)),
      },
    },
    async (req) => ok(await exchange.mine(currentUser(req).id, req.query)),
  );
  r.post(
    `${API}/admin/exchange/item`,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：上架积分商城商品（优惠券、红包，或商品：积分或积分+现金）',
        body: ExchangeItemBody,
        response: responses(ExchangeItemCreated),
      },
    },
    async (req) => ok({ id: await exchange.createItem(req.body) }),
  );
}
