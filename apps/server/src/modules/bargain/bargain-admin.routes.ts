import {
  BargainAdminClaimsQuery,
  BargainAdminItem,
  BargainAdminItemsQuery,
  BargainClaim,
  BargainClaimAdmin,
  BargainClaimApproveBody,
  BargainClaimData,
  BargainClaimRejectBody,
  BargainItemBody,
  BargainItemCreated,
  BargainItemUpdateBody,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { BargainServices } from './bargain.routes.ts';

const admin = { auth: 'admin' as const };

/** The operator's bargain pages: items of both editions, and the audit of flagged claims. */
export async function bargainAdminRoutes(
  app: FastifyInstance,
  s: Pick<BargainServices, 'operator' | 'claims'>,
) {
  const r = typed(app);
  const adminBase = `${API}/admin/bargain`;
  const adminTags = ['admin'];

  r.get(
    `${adminBase}/items`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：砍价商品',
        querystring: BargainAdminItemsQuery,
        response: responses(Page(BargainAdminItem)),
      },
    },
    async (req) => ok(await s.operator.adminItems(req.query)),
  );

  r.post(
    `${adminBase}/item`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：新增砍价商品',
        body: BargainItemBody,
        response: responses(BargainItemCreated),
      },
    },
    async (req) => ok(await s.operator.createItem(req.body)),
  );

  r.post(
    `${adminBase}/item/update`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：修改砍价商品（进行中的砍价按发起时的条件）',
        body: BargainItemUpdateBody,
        response: responses(BargainAdminItem),
      },
    },
    async (req) => ok(await s.operator.updateItem(req.body)),
  );

  r.get(
    `${adminBase}/claims`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：免单领取记录（默认待审核）',
        querystring: BargainAdminClaimsQuery,
        response: responses(Page(BargainClaimAdmin)),
      },
    },
    async (req) => ok(await s.claims.adminClaims(req.query)),
  );

  r.post(
    `${adminBase}/claim/approve`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：审核通过（下单）',
        body: BargainClaimApproveBody,
        response: responses(BargainClaimData),
      },
    },
    async (req) => ok(await s.claims.approve(req.body.claimId)),
  );

  r.post(
    `${adminBase}/claim/reject`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：审核驳回（名额退回）',
        body: BargainClaimRejectBody,
        response: responses(BargainClaim),
      },
    },
    async (req) => ok(await s.claims.reject(req.body.claimId, req.body.reason)),
  );
}
