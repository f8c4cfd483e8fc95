import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { ModuleUses } from '../uses.ts';
import { CouponRepo } from './coupon.repo.ts';
import { couponRoutes } from './coupon.routes.ts';
import { CouponService } from './coupon.service.ts';

export type { CouponService } from './coupon.service.ts';

export interface CouponModule {
  coupons: CouponService;
  /** The promotion module hands over who is a member (members-only coupons). */
  useMemberCheck(check: (userId: number) => Promise<boolean>): void;
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
 */
export async function registerCouponModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<CouponModule> {
  const { order } = uses;
  // The promotion module (built later) answers who is a member; nobody is until it does.
  let isMember = async (_userId: number) => false;
  const coupons = new CouponService(
    deps.db,
    new CouponRepo(deps.db),
    uses.catalogue.catalogue,
    {
      registeredAt: async (userId) => (await uses.users.users.repo.findById(userId))?.created_at,
      isMember: (userId) => isMember(userId),
    },
    {
      expiringDays: deps.config.COUPON_EXPIRING_DAYS,
      newUserDays: deps.config.COUPON_NEW_USER_DAYS,
    },
  );
  order.useCoupons(coupons);
  await couponRoutes(app, coupons);
  const m: CouponModule = {
    coupons,
    useMemberCheck(check) {
      isMember = check;
    },
  };
  app.decorate('couponModule', m);
  return m;
}
