// Test support for the coupon and wallet tests: templates through the admin API, claims, previews.
import type { CouponTemplateBody, MyCoupon, OrderPreviewData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, post } from './aftersale-kit.ts';
import type { Buyer } from './order-kit.ts';

/** A template by the operator; answers its id. */
export async function makeTemplate(
  app: FastifyInstance,
  admin: string,
  over: Partial<CouponTemplateBody> = {},
): Promise<number> {
  const res = await post<{ id: number }>(app, 'admin/coupon/template', admin, {
    name: '测试券',
    kind: 'full',
    scope: 'platform',
    threshold: 5000,
    amount: 1000,
    validDays: 7,
    total: 1000,
    perUser: 1,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

export async function claim(app: FastifyInstance, b: Buyer, templateId: number): Promise<MyCoupon> {
  const res = await post<MyCoupon>(app, 'coupon/claim', b.token, { templateId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export function preview(
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  return post<OrderPreviewData>(app, 'order/preview', b.token, { items, ...extra });
}

export async function couponState(app: FastifyInstance, b: Buyer, couponId: number) {
  for (const status of ['unused', 'used', 'expired'] as const) {
    const res = await get<{ list: MyCoupon[] }>(app, 'coupon/mine', b.token, {
      status,
      pageSize: 50,
    });
    const found = res.body.data.list.find((c) => c.id === couponId);
    if (found) return found.state;
  }
  return null;
}
