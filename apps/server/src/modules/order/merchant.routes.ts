import { Empty, ShipBody } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { OrderService } from './order.service.ts';

const tags = ['admin'];
const auth = { auth: 'admin' as const };

/** Merchant operations: shipping (products, shelf and stock are the catalogue's console). */
export async function merchantRoutes(app: FastifyInstance, orders: OrderService) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.post(
    `${base}/order/ship`,
    {
      config: auth,
      schema: { tags, summary: '订单发货', body: ShipBody, response: responses(Empty) },
    },
    async (req) => {
      await orders.ship(req.body);
      return ok(null);
    },
  );
}
