import {
  BalanceData,
  BalancePayBody,
  GatewayPayData,
  OrderNoBody,
  PayNotifyBody,
  PayNotifyData,
  PayResultData,
  PayTypeData,
  RechargeBody,
  RechargeStatusData,
  RechargeStatusQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../platform/auth.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { PaymentService } from './payment.service.ts';

const auth = { auth: 'user' as const };

/** Payment routes: pay types, wallet balance, balance and gateway payment, top-up, notify. */
export async function paymentRoutes(app: FastifyInstance, payments: PaymentService) {
  const r = typed(app);
  const tags = ['order'];

  r.get(
    `${API}/order/getPayType`,
    { config: auth, schema: { tags, summary: '支付方式', response: responses(PayTypeData) } },
    async (req) => ok(await payments.payTypes(currentUser(req).id)),
  );

  r.get(
    `${API}/account/queryBalance`,
    {
      config: auth,
      schema: { tags: ['account'], summary: '余额（分）', response: responses(BalanceData) },
    },
    async (req) => ok({ balance: await payments.balance(currentUser(req).id) }),
  );

  r.post(
    `${API}/order/newBalancePay`,
    {
      config: auth,
      schema: {
        tags,
        summary: '余额支付（支付密码）',
        body: BalancePayBody,
        response: responses(PayResultData),
      },
    },
    async (req) =>
      ok(
        await payments.payWithBalance(currentUser(req).id, req.body.orderNo, req.body.payPassword),
      ),
  );

  r.post(
    `${API}/order/newPay`,
    {
      config: auth,
      schema: {
        tags,
        summary: '在线支付：返回收银台地址',
        body: OrderNoBody,
        response: responses(GatewayPayData),
      },
    },
    async (req) => ok(await payments.startOrderPayment(currentUser(req).id, req.body.orderNo)),
  );

  r.post(
    `${API}/account/recharge`,
    {
      config: auth,
      schema: {
        tags: ['account'],
        summary: '余额充值：返回收银台地址',
        body: RechargeBody,
        response: responses(GatewayPayData),
      },
    },
    async (req) => ok(await payments.startRecharge(currentUser(req).id, req.body.amount)),
  );

  r.get(
    `${API}/account/rechargeStatus`,
    {
      config: auth,
      schema: {
        tags: ['account'],
        summary: '充值结果：支付网关通知到账前为 pending，到账后为 succeeded（附当前余额）',
        querystring: RechargeStatusQuery,
        response: responses(RechargeStatusData),
      },
    },
    async (req) => ok(await payments.rechargeStatus(currentUser(req).id, req.query.paymentNo)),
  );

  r.post(
    `${API}/pay/notify`,
    {
      schema: {
        tags: ['pay'],
        summary: '支付网关异步通知（签名校验）',
        body: PayNotifyBody,
        response: responses(PayNotifyData),
      },
    },
    async (req) => ok({ result: await payments.handleNotify(req.body) }),
  );
}
