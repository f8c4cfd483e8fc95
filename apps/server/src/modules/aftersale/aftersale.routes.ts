import {
  AdminRefundDetail,
  AdminRefundListQuery,
  AdminRefundPage,
  Empty,
  RefundApplyBody,
  RefundDetail,
  RefundListQuery,
  RefundMoneyData,
  RefundMoneyQuery,
  RefundNoBody,
  RefundNoData,
  RefundNotifyBody,
  RefundNotifyData,
  RefundPage,
  RefundRejectBody,
  ReturnOrderBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { consoleActor } from '../../platform/console-gate.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { AftersaleService } from './aftersale.service.ts';
import type { RefundSettlement } from './refund-settlement.ts';

const user = { auth: 'user' as const };
const gate = (perm: 'aftersale.read' | 'aftersale.write') => ({ auth: 'admin' as const, perm });

/** The buyer's after-sales routes (order family), the merchant's (admin) and the refund notify. */
export async function aftersaleRoutes(
  app: FastifyInstance,
  buyer: AftersaleService,
  merchant: RefundSettlement,
) {
  const r = typed(app);
  const tags = ['aftersale'];
  const base = `${API}/order`;

  r.get(
    `${base}/queryRefundMoney`,
    {
      config: user,
      schema: {
        tags,
        summary: '可退金额、可选售后类型与退款原因',
        querystring: RefundMoneyQuery,
        response: responses(RefundMoneyData),
      },
    },
    async (req) => ok(await buyer.quote(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/refundApply`,
    {
      config: user,
      schema: {
        tags,
        summary: '申请售后（仅退款/退货退款）',
        body: RefundApplyBody,
        response: responses(RefundNoData),
      },
    },
    async (req) => ok(await buyer.apply(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/refundDetails`,
    {
      config: user,
      schema: {
        tags,
        summary: '售后详情与进度',
        querystring: RefundNoBody,
        response: responses(RefundDetail),
      },
    },
    async (req) => ok(await buyer.detail(currentUser(req).id, req.query.refundNo)),
  );

  r.get(
    `${base}/refundList`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的售后（可按订单）',
        querystring: RefundListQuery,
        response: responses(RefundPage),
      },
    },
    async (req) => ok(await buyer.list(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/returnOrder`,
    {
      config: user,
      schema: {
        tags,
        summary: '填写退货物流',
        body: ReturnOrderBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await buyer.sendBack(currentUser(req).id, req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/cancelReturnOrder`,
    {
      config: user,
      schema: { tags, summary: '撤销售后申请', body: RefundNoBody, response: responses(Empty) },
    },
    async (req) => {
      await buyer.cancel(currentUser(req).id, req.body.refundNo);
      return ok(null);
    },
  );

  const adminBase = `${API}/admin/refund`;
  const adminTags = ['admin'];
  r.get(
    `${adminBase}/list`,
    {
      config: gate('aftersale.read'),
      schema: {
        tags: adminTags,
        summary: '售后申请列表（买家原因与凭证图）',
        querystring: AdminRefundListQuery,
        response: responses(AdminRefundPage),
      },
    },
    async (req) => ok(await merchant.list(consoleActor(req), req.query)),
  );

  r.get(
    `${adminBase}/detail`,
    {
      config: gate('aftersale.read'),
      schema: {
        tags: adminTags,
        summary: '售后详情与进度',
        querystring: RefundNoBody,
        response: responses(AdminRefundDetail),
      },
    },
    async (req) => ok(await merchant.detail(consoleActor(req), req.query.refundNo)),
  );

  r.post(
    `${adminBase}/approve`,
    {
      config: gate('aftersale.write'),
      schema: {
        tags: adminTags,
        summary: '同意售后',
        body: RefundNoBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await merchant.approve(consoleActor(req), req.body.refundNo);
      return ok(null);
    },
  );

  r.post(
    `${adminBase}/reject`,
    {
      config: gate('aftersale.write'),
      schema: {
        tags: adminTags,
        summary: '驳回售后',
        body: RefundRejectBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await merchant.reject(consoleActor(req), req.body.refundNo, req.body.reason);
      return ok(null);
    },
  );

  r.post(
    `${adminBase}/receive`,
    {
      config: gate('aftersale.write'),
      schema: {
        tags: adminTags,
        summary: '确认收到退货（退款）',
        body: RefundNoBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await merchant.receive(consoleActor(req), req.body.refundNo);
      return ok(null);
    },
  );

  r.post(
    `${API}/pay/refundNotify`,
    {
      schema: {
        tags: ['pay'],
        summary: '支付网关退款异步通知（签名校验）',
        body: RefundNotifyBody,
        response: responses(RefundNotifyData),
      },
    },
    async (req) => ok({ result: await merchant.notify(req.body) }),
  );
}
