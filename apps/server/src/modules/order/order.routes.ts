import {
  BuyAgainData,
  ChangeAddressBody,
  DealShippingData,
  DealShippingQuery,
  Empty,
  NewOrderBody,
  NewOrderData,
  OrderCountData,
  OrderDetail,
  OrderListQuery,
  OrderNoBody,
  OrderNoQuery,
  OrderPage,
  OrderPreviewBody,
  OrderPreviewData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { OrderService } from './order.service.ts';

const tags = ['order'];
const auth = { auth: 'user' as const };

/** The "Orders" family: write order, lists, detail and the user's lifecycle actions. */
export async function orderRoutes(app: FastifyInstance, orders: OrderService) {
  const r = typed(app);
  const base = `${API}/order`;

  r.post(
    `${base}/preview`,
    {
      config: auth,
      schema: {
        tags,
        summary: '确认订单：按店铺分组、运费与合计',
        body: OrderPreviewBody,
        response: responses(OrderPreviewData),
      },
    },
    async (req) => ok(await orders.preview(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/newAdd`,
    {
      config: auth,
      schema: {
        tags,
        summary: '提交订单（clientKey 幂等）',
        body: NewOrderBody,
        response: responses(NewOrderData),
      },
    },
    async (req) => ok(await orders.create(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/dealShipping`,
    {
      schema: {
        tags,
        summary: '0元奖品订单的运费（领奖前展示）',
        querystring: DealShippingQuery,
        response: responses(DealShippingData),
      },
    },
    async (req) => ok(await orders.prizeShipping(req.query.skuId)),
  );

  r.get(
    `${base}/list`,
    {
      config: auth,
      schema: {
        tags,
        summary: '订单列表',
        querystring: OrderListQuery,
        response: responses(OrderPage),
      },
    },
    async (req) => ok(await orders.list(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/statusCount`,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的订单角标：待付款、待发货、待收货、待评价与售后中的订单数',
        response: responses(OrderCountData),
      },
    },
    async (req) => ok(await orders.counts(currentUser(req).id)),
  );

  r.get(
    `${base}/queryByOrderId`,
    {
      config: auth,
      schema: {
        tags,
        summary: '订单详情',
        querystring: OrderNoQuery,
        response: responses(OrderDetail),
      },
    },
    async (req) => ok(await orders.detail(currentUser(req).id, req.query.orderNo)),
  );

  const action = (
    path: string,
    summary: string,
    run: (userId: number, orderNo: string) => Promise<void>,
  ) =>
    r.post(
      `${base}/${path}`,
      { config: auth, schema: { tags, summary, body: OrderNoBody, response: responses(Empty) } },
      async (req) => {
        await run(currentUser(req).id, req.body.orderNo);
        return ok(null);
      },
    );
  action('cancel', '取消订单（待付款）', (u, no) => orders.cancel(u, no));
  action('delete', '删除订单（已完成或已取消）', (u, no) => orders.remove(u, no));
  action('newConfirm', '确认收货', (u, no) => orders.confirm(u, no));

  r.post(
    `${base}/buyAgain`,
    {
      config: auth,
      schema: { tags, summary: '再次购买', body: OrderNoBody, response: responses(BuyAgainData) },
    },
    async (req) => ok(await orders.buyAgain(currentUser(req).id, req.body.orderNo)),
  );

  r.post(
    `${base}/changeAddress`,
    {
      config: auth,
      schema: {
        tags,
        summary: '发货前修改收货地址',
        body: ChangeAddressBody,
        response: responses(OrderDetail),
      },
    },
    async (req) => ok(await orders.changeAddress(currentUser(req).id, req.body)),
  );
}
