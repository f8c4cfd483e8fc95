import {
  Page,
  RedeemBatch,
  RedeemBatchBody,
  RedeemBatchIdBody,
  RedeemBody,
  RedeemData,
  RedeemExportData,
  RedeemHistoryQuery,
  RedeemPreview,
  RedeemPreviewBody,
  Redemption,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { RedeemService } from './redeem.service.ts';

const tags = ['redeem'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** redeemCode (兑换码兑换 and my redemptions) and the operator's batches. */
export async function redeemRoutes(app: FastifyInstance, redeem: RedeemService) {
  const r = typed(app);
  r.post(
    `${API}/redeem/preview`,
    {
      config: user,
      schema: {
        tags,
        summary: '查看兑换码可兑换的内容（商品兑换码需再选择收货地址；错误次数计入限制）',
        body: RedeemPreviewBody,
        response: responses(RedeemPreview),
      },
    },
    async (req) => ok(await redeem.preview(currentUser(req).id, req.ip, req.body.code)),
  );
  r.post(
    `${API}/redeem/redeem`,
    {
      config: user,
      schema: {
        tags,
        summary:
          '立即兑换：输入兑换码（不区分大小写，可带分隔符）；商品兑换码带收货地址与 clientKey，生成 ¥0 订单（运费在收银台支付）',
        body: RedeemBody,
        response: responses(RedeemData),
      },
    },
    async (req) => ok(await redeem.redeem(currentUser(req).id, req.ip, req.body)),
  );
  r.get(
    `${API}/redeem/history`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的兑换记录',
        querystring: RedeemHistoryQuery,
        response: responses(Page(Redemption)),
      },
    },
    async (req) => ok(await redeem.history(currentUser(req).id, req.query)),
  );
  r.post(
    `${API}/admin/redeem/batch`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：生成一批兑换码（明文只能导出一次）',
        body: RedeemBatchBody,
        response: responses(RedeemBatch),
      },
    },
    async (req) => ok(await redeem.createBatch(req.body)),
  );
  r.get(
    `${API}/admin/redeem/batches`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：兑换码批次',
        querystring: RedeemHistoryQuery,
        response: responses(Page(RedeemBatch)),
      },
    },
    async (req) => ok(await redeem.batches(req.query)),
  );
  r.post(
    `${API}/admin/redeem/export`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：导出一批兑换码的明文（仅一次，之后只保存摘要）',
        body: RedeemBatchIdBody,
        response: responses(RedeemExportData),
      },
    },
    async (req) => ok(await redeem.exportBatch(req.body.batchId)),
  );
}
