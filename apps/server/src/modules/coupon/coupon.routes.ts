import {
  ClaimedCoupons,
  CouponCenterQuery,
  CouponClaimBody,
  CouponForProductQuery,
  CouponForStoreQuery,
  CouponIssueBody,
  CouponIssued,
  CouponProductsQuery,
  CouponTemplateBody,
  CouponTemplateCreated,
  CouponTemplateList,
  CouponTemplateView,
  MyCoupon,
  MyCouponPage,
  MyCouponQuery,
  NewUserPackData,
  Page,
  ProductCard,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { CouponService } from './coupon.service.ts';

const tags = ['coupon'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };

/** Coupons: the claim centre, a product's and a store's coupons, my coupons (SPEC §2, §7 Home). */
export async function couponRoutes(app: FastifyInstance, coupons: CouponService) {
  const r = typed(app);
  const base = `${API}/coupon`;

  r.get(
    `${base}/center`,
    {
      config: optional,
      schema: {
        tags,
        summary: '领券中心（按范围分页）',
        querystring: CouponCenterQuery,
        response: responses(Page(CouponTemplateView)),
      },
    },
    async (req) => ok(await coupons.center(optionalUser(req)?.id ?? null, req.query)),
  );

  r.get(
    `${base}/product`,
    {
      config: optional,
      schema: {
        tags,
        summary: '商品可领的优惠券',
        querystring: CouponForProductQuery,
        response: responses(CouponTemplateList),
      },
    },
    async (req) => ok(await coupons.forProduct(optionalUser(req)?.id ?? null, req.query.productId)),
  );

  r.get(
    `${base}/store`,
    {
      config: optional,
      schema: {
        tags,
        summary: '店铺可领的优惠券',
        querystring: CouponForStoreQuery,
        response: responses(CouponTemplateList),
      },
    },
    async (req) => ok(await coupons.forStore(optionalUser(req)?.id ?? null, req.query.storeId)),
  );

  r.post(
    `${base}/claim`,
    {
      config: user,
      schema: {
        tags,
        summary: '领取优惠券',
        body: CouponClaimBody,
        response: responses(MyCoupon),
      },
    },
    async (req) => ok(await coupons.claim(currentUser(req).id, req.body.templateId)),
  );

  r.get(
    `${base}/newUserPack`,
    {
      config: optional,
      schema: { tags, summary: '首页新人券包', response: responses(NewUserPackData) },
    },
    async (req) => ok(await coupons.newUserPack(optionalUser(req)?.id ?? null)),
  );

  r.post(
    `${base}/newUserPack/claim`,
    {
      config: user,
      schema: { tags, summary: '一键领取新人券包', response: responses(ClaimedCoupons) },
    },
    async (req) => ok(await coupons.claimNewUserPack(currentUser(req).id)),
  );

  r.get(
    `${base}/mine`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的优惠券（未使用 / 已使用 / 已过期）',
        querystring: MyCouponQuery,
        response: responses(MyCouponPage),
      },
    },
    async (req) => ok(await coupons.mine(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/products`,
    {
      config: user,
      schema: {
        tags,
        summary: '去使用：优惠券适用的商品',
        querystring: CouponProductsQuery,
        response: responses(Page(ProductCard)),
      },
    },
    async (req) => ok(await coupons.products(currentUser(req).id, req.query)),
  );

  r.post(
    `${API}/admin/coupon/template`,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：新建优惠券模板',
        body: CouponTemplateBody,
        response: responses(CouponTemplateCreated),
      },
    },
    async (req) => ok({ id: await coupons.createTemplate(req.body) }),
  );

  r.post(
    `${API}/admin/coupon/issue`,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：向用户发放优惠券',
        body: CouponIssueBody,
        response: responses(CouponIssued),
      },
    },
    async (req) => ok({ issued: await coupons.issue(req.body.templateId, req.body.userIds) }),
  );
}
