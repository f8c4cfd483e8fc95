import {
  CartAddBody,
  CartAddData,
  CartCountData,
  CartDeleteBody,
  CartEditBody,
  CartSelectBody,
  CartView,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { CartService } from './cart.service.ts';

const tags = ['cart'];
const auth = { auth: 'user' as const };

/** The cart family; every mutation but add answers with the refreshed cart. */
export async function cartRoutes(app: FastifyInstance, cart: CartService) {
  const r = typed(app);
  const base = `${API}/cart`;

  r.get(
    `${base}/list`,
    {
      config: auth,
      schema: {
        tags,
        summary: '购物车：按店铺分组、失效商品与合计',
        response: responses(CartView),
      },
    },
    async (req) => ok(await cart.view(currentUser(req).id)),
  );

  r.get(
    `${base}/count`,
    {
      config: auth,
      schema: { tags, summary: '购物车角标：有效商品总件数', response: responses(CartCountData) },
    },
    async (req) => ok({ count: await cart.count(currentUser(req).id) }),
  );

  // home/unreadAndCartCount is served by the message module (it owns the unread count).

  r.post(
    `${base}/add`,
    {
      config: auth,
      schema: {
        tags,
        summary: '加入购物车（同规格合并）',
        body: CartAddBody,
        response: responses(CartAddData),
      },
    },
    async (req) => ok(await cart.add(currentUser(req).id, req.body.skuId, req.body.quantity)),
  );

  r.post(
    `${base}/edit`,
    {
      config: auth,
      schema: {
        tags,
        summary: '修改数量或勾选',
        body: CartEditBody,
        response: responses(CartView),
      },
    },
    async (req) => ok(await cart.edit(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/select`,
    {
      config: auth,
      schema: {
        tags,
        summary: '勾选：指定商品、整个店铺或全选',
        body: CartSelectBody,
        response: responses(CartView),
      },
    },
    async (req) => ok(await cart.select(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/deleteBatch`,
    {
      config: auth,
      schema: { tags, summary: '批量删除', body: CartDeleteBody, response: responses(CartView) },
    },
    async (req) => ok(await cart.deleteBatch(currentUser(req).id, req.body.ids)),
  );
}
