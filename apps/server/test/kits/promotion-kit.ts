// Test support for the promotion tests: one app per file, an operator, a product, and promoters
// bound into a chain by their invite codes.
import type { IdentityData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { idCardCheckChar } from '../../src/modules/user/identity.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { get, makeAdmin, orderAt, post, type Stage } from './aftersale-kit.ts';
import { type Buyer, type Catalogue, makeBuyer, makeProduct } from './order-kit.ts';

export interface PromoKit {
  t: TestApp;
  app: FastifyInstance;
  admin: string;
  /** ¥100.00 a piece (free shipping), 1,000 in stock. */
  shop: Catalogue;
  sku(): number;
}

/** One app per file: settlement due at once (COMMISSION_SETTLE_SECONDS 0) unless `env` says. */
export function promoAppPerFile(env: Record<string, string> = {}): PromoKit {
  const kit = {} as PromoKit;
  beforeAll(async () => {
    kit.t = await createTestApp({
      AUTH_CACHE_MS: '0',
      COMMISSION_SETTLE_SECONDS: '0',
      PROMO_SWEEP_MS: '600000',
      ...env,
    });
    kit.app = kit.t.app;
    kit.admin = await makeAdmin(kit.app);
    kit.shop = await makeProduct(kit.app, { price: 10_000, stock: 1000 });
  });
  afterAll(async () => {
    await kit.t?.close();
  });
  kit.sku = () => kit.shop.skuIds[0] as number;
  return kit;
}

export const identityOf = async (app: FastifyInstance, b: Buyer) =>
  (await get<IdentityData>(app, 'promotion/identity', b.token)).body.data;

/** A new user registered with `parent`'s invite code (unbound when none). */
export async function invitee(app: FastifyInstance, parent?: Buyer): Promise<Buyer> {
  const code = parent ? (await identityOf(app, parent)).inviteCode : undefined;
  return makeBuyer(app, code ? { inviteCode: code } : {});
}

/** A promoter (granted by the operator) registered under `parent`. */
export async function promoter(app: FastifyInstance, admin: string, parent?: Buyer) {
  const b = await invitee(app, parent);
  const res = await post(app, 'admin/promotion/identity', admin, {
    userId: b.userId,
    tier: 'promoter',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return b;
}

export function buy(kit: PromoKit, b: Buyer, stage: Stage, quantity = 1) {
  return orderAt(kit.app, b, kit.admin, [{ skuId: kit.sku(), quantity }], stage);
}

export async function verifyRealName(app: FastifyInstance, b: Buyer, name = '张小三') {
  const first17 = `11010119900307${String(b.userId % 1000).padStart(3, '0')}`;
  const res = await post(app, 'user/RealNameAuthentication', b.token, {
    realName: name,
    idCard: first17 + idCardCheckChar(first17),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The user's commission account (negative: a debt). */
export const commissionBalance = (app: FastifyInstance, b: Buyer) =>
  app.orderModule.ledger.commissionOf(b.userId);
