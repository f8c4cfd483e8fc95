import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { ModuleUses } from '../uses.ts';
import { CouponRepo } from './coupon.repo.ts';
import { couponRoutes } from './coupon.routes.ts';
import { CouponService } from './coupon.service.ts';

export type { CouponService } from './coupon.service.ts';

export interface CouponModule {
  /** Also the order module's CouponPort (app.ts builds coupons first and hands it to orders). */
  coupons: CouponService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The coupon service (the demo seed and tests create templates through it). */
    couponModule: CouponModule;
  }
}

/**
 * Coupons: templates, claiming, the user's coupons, and their side of orders (chosen at
 * checkout, held by unpaid orders, used when paid, given back on cancel and early full refund).
 * Built before orders, which are given `coupons` as their coupon port.
 */
export async function registerCouponModule(
  app: FastifyInstance,
  deps: Deps,
  uses: Pick<ModuleUses, 'users' | 'catalogue'>,
  ports: {
    /** Who is a member (members-only coupons): the promotion module answers, late-bound. */
    isMember: (userId: number) => Promise<boolean>;
    /** A claimed new-user pack's red packet: the wallet module gives it, late-bound. */
    newUserPackGiven: (userId: number) => Promise<void>;
  },
): Promise<CouponModule> {
  const coupons = new CouponService(
    deps.db,
    new CouponRepo(narrowDb(deps.db)),
    uses.catalogue.catalogue,
    {
      registeredAt: async (userId) => (await uses.users.users.repo.findById(userId))?.created_at,
      isMember: ports.isMember,
    },
    {
      expiringDays: deps.config.COUPON_EXPIRING_DAYS,
      newUserDays: deps.config.COUPON_NEW_USER_DAYS,
    },
    ports.newUserPackGiven,
  );
  await couponRoutes(app, coupons);
  const m: CouponModule = { coupons };
  app.decorate('couponModule', m);
  return m;
}
