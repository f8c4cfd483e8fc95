import {
  AdminCommissionRateBody,
  AdminIdentityBody,
  AdminRejectBody,
  IdentityData,
  Withdrawal,
  WithdrawalPage,
  WithdrawListQuery,
  WithdrawNoQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { PromotionModule } from './index.ts';

const tags = ['admin'];
const admin = { auth: 'admin' as const };
const Done = Type.Object({ done: Type.Boolean() });
const PackageBody = Type.Object({
  productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, errorId: 'PRODUCT_NOT_FOUND' }),
});

/** The operator's side: identities, commission rates, upgrade packages, withdrawals. */
export async function promotionAdminRoutes(app: FastifyInstance, m: PromotionModule) {
  const r = typed(app);
  const base = `${API}/admin/promotion`;
  r.post(
    `${base}/identity`,
    {
      config: admin,
      schema: {
        tags,
        summary: '设置用户身份（推广员 / 店主 / 取消）',
        body: AdminIdentityBody,
        response: responses(IdentityData),
      },
    },
    async (req) => ok(await m.identities.setByOperator(req.body.userId, req.body.tier)),
  );
  r.post(
    `${base}/commissionRate`,
    {
      config: admin,
      schema: {
        tags,
        summary: '商品佣金比例（空为默认）',
        body: AdminCommissionRateBody,
        response: responses(Done),
      },
    },
    async (req) => {
      await m.commissions.setRate(req.body.productId, req.body.l1Bp, req.body.l2Bp);
      return ok({ done: true });
    },
  );
  r.post(
    `${base}/package`,
    {
      config: admin,
      schema: {
        tags,
        summary: '设为598升级礼包商品',
        body: PackageBody,
        response: responses(Done),
      },
    },
    async (req) => {
      if (!(await m.addPackage(req.body.productId))) throw new AppError('PRODUCT_NOT_FOUND');
      return ok({ done: true });
    },
  );
  r.get(
    `${API}/admin/withdraw/list`,
    {
      config: admin,
      schema: {
        tags,
        summary: '提现申请列表',
        querystring: WithdrawListQuery,
        response: responses(WithdrawalPage),
      },
    },
    async (req) => ok(await m.withdrawals.list(null, req.query)),
  );
  r.post(
    `${API}/admin/withdraw/approve`,
    {
      config: admin,
      schema: {
        tags,
        summary: '通过提现申请并打款',
        body: WithdrawNoQuery,
        response: responses(Withdrawal),
      },
    },
    async (req) => ok(await m.withdrawals.approve(req.body.withdrawNo)),
  );
  r.post(
    `${API}/admin/withdraw/reject`,
    {
      config: admin,
      schema: {
        tags,
        summary: '驳回提现申请（金额退回佣金）',
        body: AdminRejectBody,
        response: responses(Withdrawal),
      },
    },
    async (req) => ok(await m.withdrawals.reject(req.body.withdrawNo, req.body.reason)),
  );
}
