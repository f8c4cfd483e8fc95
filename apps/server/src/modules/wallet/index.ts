import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { CouponModule } from '../coupon/index.ts';
import type { ModuleUses } from '../uses.ts';
import { RedPacketService } from './red-packet.service.ts';
import { WalletRepo } from './wallet.repo.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';

export interface WalletModule {
  wallet: WalletService;
  redPackets: RedPacketService;
}

/** Red packets, 我的资产 and its bill: everything reads and posts through the kernel ledger. */
export async function registerWalletModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  coupon: CouponModule,
): Promise<WalletModule> {
  const { config } = deps;
  const repo = new WalletRepo(narrowDb(deps.db));
  const { ledger, reads } = uses.ledger;
  const redPackets = new RedPacketService(deps.db, repo, ledger, config.REDPACKET_VALID_DAYS, {
    min: config.REDPACKET_NEW_USER_MIN,
    max: config.REDPACKET_NEW_USER_MAX,
  });
  const wallet = new WalletService(repo, ledger, reads, coupon.coupons, {
    redPacketMaxSharePercent: config.REDPACKET_MAX_SHARE_PERCENT,
    redPacketValidDays: config.REDPACKET_VALID_DAYS,
    couponExpiringDays: config.COUPON_EXPIRING_DAYS,
    pointsPerYuan: config.POINTS_PER_YUAN,
    pointsMaxSharePercent: config.POINTS_MAX_SHARE_PERCENT,
  });
  await walletRoutes(app, wallet, redPackets);
  return { wallet, redPackets };
}
