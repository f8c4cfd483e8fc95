import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { assetLoader } from '../../platform/asset-loader.ts';
import { UPLOAD_PREFIX } from '../../platform/blob-store.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { CouponModule } from '../coupon/index.ts';
import type { ModuleUses } from '../uses.ts';
import type { WalletModule } from '../wallet/index.ts';
import { BargainRepo } from './bargain.repo.ts';
import { bargainRoutes } from './bargain.routes.ts';
import { BARGAIN_DEAL_PORT, BargainService } from './bargain.service.ts';
import { BargainPoster } from './bargain-poster.ts';
import { BargainSweeper } from './bargain-sweeper.ts';

export interface BargainModule {
  bargain: BargainService;
  sweeper: BargainSweeper;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bargain's services (tests drive the sweeper through it). */
    bargainModule: BargainModule;
  }
}

/** Zero-yuan bargain (砍价免费拿), both editions; its free order is a deal of the order module. */
export async function registerBargainModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  more: { captcha: CaptchaService; coupon: CouponModule; wallet: WalletModule },
): Promise<BargainModule> {
  const { config } = deps;
  const repo = new BargainRepo(deps.db);
  const band = (min: number, max: number) => ({ minPercent: min, maxPercent: max });
  const bargain = new BargainService(
    deps.db,
    repo,
    more.captcha,
    uses.order.orders,
    {
      giveRedPacket: (trx, userId, title, amount) =>
        more.wallet.redPackets.give(trx, userId, { title, source: 'activity', amount }),
      giveCoupon: async (userId, templateId) => {
        try {
          await more.coupon.coupons.claim(userId, templateId, 'bargain');
          return true;
        } catch (err) {
          deps.log.info({ err, userId, templateId }, 'bargain coupon reward not given');
          return false;
        }
      },
      addressOwned: async (userId, addressId) =>
        (await uses.addresses.addresses.findOwned(userId, addressId)) !== null,
    },
    {
      claimHours: config.BARGAIN_CLAIM_HOURS,
      newUserDays: config.BARGAIN_NEW_USER_DAYS,
      helpersNeeded: config.BARGAIN_HELPERS_NEEDED,
      timeLimitHours: config.BARGAIN_TIME_LIMIT_HOURS,
      band: band(config.BARGAIN_CUT_MIN_PERCENT, config.BARGAIN_CUT_MAX_PERCENT),
      newUserBand: band(
        config.BARGAIN_NEW_USER_CUT_MIN_PERCENT,
        config.BARGAIN_NEW_USER_CUT_MAX_PERCENT,
      ),
      firstKnifeBand: band(
        config.BARGAIN_FIRST_KNIFE_MIN_PERCENT,
        config.BARGAIN_FIRST_KNIFE_MAX_PERCENT,
      ),
      auditNewUserPercent: config.BARGAIN_AUDIT_NEW_USER_PERCENT,
      auditSameIp: config.BARGAIN_AUDIT_SAME_IP,
      editions: {
        normal: {
          title: config.BARGAIN_NORMAL_TITLE,
          themeColor: config.BARGAIN_NORMAL_THEME_COLOR,
          bannerText: config.BARGAIN_NORMAL_BANNER,
          rulesText: config.BARGAIN_NORMAL_RULES,
        },
        newYear: {
          title: config.BARGAIN_NEWYEAR_TITLE,
          themeColor: config.BARGAIN_NEWYEAR_THEME_COLOR,
          bannerText: config.BARGAIN_NEWYEAR_BANNER,
          rulesText: config.BARGAIN_NEWYEAR_RULES,
        },
      },
    },
  );
  uses.order.placer.useDeal(BARGAIN_DEAL_PORT, {
    check: (trx, deals) => bargain.checkDeals(trx, deals),
    record: (trx, rows) => bargain.recordDeals(trx, rows),
  });
  const sweeper = new BargainSweeper(deps.db, repo, bargain, deps.log, config.BARGAIN_SWEEP_MS);
  const m: BargainModule = { bargain, sweeper };
  app.decorate('bargainModule', m);
  const poster = new BargainPoster(repo, deps.blobs, assetLoader(app, [UPLOAD_PREFIX, '/assets/']));
  await bargainRoutes(app, bargain, poster);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
