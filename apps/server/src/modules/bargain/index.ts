import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { assetLoader } from '../../platform/asset-loader.ts';
import { UPLOAD_PREFIX } from '../../platform/blob-store.ts';
import { narrowDb } from '../../platform/db.ts';
import type { CaptchaService } from '../captcha/index.ts';
import type { NamedDealPort, RewardsService } from '../rewards/index.ts';
import type { ModuleUses } from '../uses.ts';
import { AdminRepo } from './admin/admin.repo.ts';
import { BargainOperator } from './admin/admin.service.ts';
import { type BargainServices, bargainRoutes } from './bargain.routes.ts';
import { bargainAdminRoutes } from './bargain-admin.routes.ts';
import { BARGAIN_DEAL_PORT, type BargainOptions, type BargainPorts } from './bargain-common.ts';
import { BargainPoster } from './bargain-poster.ts';
import { BargainRows } from './bargain-rows.repo.ts';
import { BrowseRepo } from './browse/browse.repo.ts';
import { BargainBrowse } from './browse/browse.service.ts';
import { ClaimRepo } from './claim/claim.repo.ts';
import { BargainClaims } from './claim/claim.service.ts';
import { BargainSweeper } from './help/bargain-sweeper.ts';
import { HelpRepo } from './help/help.repo.ts';
import { BargainHelping } from './help/help.service.ts';
import { PostRepo } from './post/post.repo.ts';
import { BargainPosts } from './post/post.service.ts';

export interface BargainModule extends BargainServices {
  sweeper: BargainSweeper;
  /** A claimed bargain's order at its target price: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bargain's services (tests drive the sweeper through it). */
    bargainModule: BargainModule;
  }
}

/** Zero-yuan bargain (砍价免费拿), both editions; its free order is a prize order of the rewards. */
export async function registerBargainModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  more: { captcha: CaptchaService; rewards: RewardsService },
): Promise<BargainModule> {
  const { config, db } = deps;
  const band = (min: number, max: number) => ({ minPercent: min, maxPercent: max });
  const { rewards } = more;
  // A helper's reward is granted through the kernel's rewards (its ref keys points only).
  const ports: BargainPorts = {
    giveRedPacket: (trx, userId, title, amount) =>
      rewards.grant(
        trx,
        userId,
        { kind: 'redpacket', amount },
        { source: 'bargain', ref: '', title },
      ),
    grantCoupon: (trx, userId, templateId) =>
      rewards.grant(
        trx,
        userId,
        { kind: 'coupon', templateId },
        { source: 'bargain', ref: '', title: '砍价助力' },
      ),
    addressOwned: async (userId, addressId) =>
      (await uses.addresses.addresses.findOwned(userId, addressId)) !== null,
    dealShippingFee: (price, free) => rewards.prizeShipping(price, free),
  };
  const opts: BargainOptions = {
    claimHours: config.BARGAIN_CLAIM_HOURS,
    newUserDays: config.BARGAIN_NEW_USER_DAYS,
    helpersNeeded: config.BARGAIN_HELPERS_NEEDED,
    timeLimitHours: config.BARGAIN_TIME_LIMIT_HOURS,
    cuts: {
      first: band(config.BARGAIN_FIRST_KNIFE_MIN_PERCENT, config.BARGAIN_FIRST_KNIFE_MAX_PERCENT),
      band: band(config.BARGAIN_CUT_MIN_PERCENT, config.BARGAIN_CUT_MAX_PERCENT),
      newUserBand: band(
        config.BARGAIN_NEW_USER_CUT_MIN_PERCENT,
        config.BARGAIN_NEW_USER_CUT_MAX_PERCENT,
      ),
      keepPercent: config.BARGAIN_CUT_KEEP_PERCENT,
    },
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
  };
  const rows = new BargainRows(narrowDb(db));
  const postRepo = new PostRepo(narrowDb(db));
  const helpRepo = new HelpRepo(narrowDb(db));
  const browse = new BargainBrowse(db, rows, new BrowseRepo(narrowDb(db)), postRepo, ports, opts);
  const helping = new BargainHelping(db, rows, helpRepo, more.captcha, browse, ports, opts);
  const claims = new BargainClaims(db, rows, new ClaimRepo(narrowDb(db)), rewards, ports, opts);
  const posts = new BargainPosts(rows, postRepo);
  const operator = new BargainOperator(rows, new AdminRepo(narrowDb(db)), opts);
  const deal: NamedDealPort = {
    name: BARGAIN_DEAL_PORT,
    port: {
      check: (trx, deals) => claims.checkDeals(trx, deals),
      record: (trx, deals) => claims.recordDeals(trx, deals),
    },
  };
  const sweeper = new BargainSweeper(db, helpRepo, helping, deps.log, config.BARGAIN_SWEEP_MS);
  const services: BargainServices = { browse, helping, claims, posts, operator };
  const m: BargainModule = { ...services, sweeper, deal };
  app.decorate('bargainModule', m);
  const poster = new BargainPoster(rows, deps.blobs, assetLoader(app, [UPLOAD_PREFIX, '/assets/']));
  await bargainRoutes(app, services, poster);
  await bargainAdminRoutes(app, services);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
