import { type PromoRulesData, TIER_TEXT, type UpgradeData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { assetLoader } from '../../platform/asset-loader.ts';
import { UPLOAD_PREFIX } from '../../platform/blob-store.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PurposeHandler } from '../order/index.ts';
import type { RegisteredHook } from '../user/index.ts';
import type { ModuleUses } from '../uses.ts';
import type { WalletModule } from '../wallet/index.ts';
import { CommissionRepo } from './commission/commission.repo.ts';
import { CommissionService } from './commission/commission.service.ts';
import { MembershipRepo } from './membership/membership.repo.ts';
import { MembershipService } from './membership/membership.service.ts';
import { promotionRoutes } from './promotion.routes.ts';
import { promotionAdminRoutes } from './promotion-admin.routes.ts';
import { PromotionSweeper } from './promotion-sweeper.ts';
import { IdentityService } from './team/identity.service.ts';
import { PromoUserRepo } from './team/promo-user.repo.ts';
import { TeamService } from './team/team.service.ts';
import { TIER_RIGHTS } from './tier-rights.ts';
import { withdrawRoutes } from './withdraw.routes.ts';
import { SandboxPayoutGateway } from './withdrawal/payout-gateway.ts';
import { WithdrawalRepo } from './withdrawal/withdrawal.repo.ts';
import { WithdrawalService } from './withdrawal/withdrawal.service.ts';

export { type InviteCodes, inviteCodes } from './team/invite-codes.ts';

export interface PromotionModule {
  identities: IdentityService;
  /** Also the order module's MemberPort (who pays member prices; late-bound by app.ts). */
  membership: MembershipService;
  commissions: CommissionService;
  withdrawals: WithdrawalService;
  team: TeamService;
  /** Whether a user is a member now (the coupon module's members-only coupons; late-bound by app.ts). */
  isMember(userId: number): Promise<boolean>;
  /** The payment of a membership through the gateway: purpose 'membership' (late-bound by app.ts). */
  membershipPaid: PurposeHandler;
  /** A new account's invite code binds it to the inviter (the user module's hook; late-bound by app.ts). */
  registered: RegisteredHook;
  /** Settles due commissions and re-asks unanswered payouts (every node runs it). */
  sweep(): Promise<void>;
  rules(): PromoRulesData;
  upgradeInfo(userId: number): Promise<UpgradeData>;
  addPackage(productId: number): Promise<boolean>;
  /** Steps of the order events' handlers (modules/reactions.ts): commissions, the upgrade, invite rewards. */
  reactions: {
    orderPaid: Reaction<'order.paid'>;
    orderReceived: Reaction<'order.received'>;
    orderRefunded: Reaction<'refund.refunded'>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The promotion module's services (tests drive the settlement sweep through it). */
    promotionModule: PromotionModule;
  }
}

/**
 * Social commerce: identities and membership, the 598 upgrade, two-level promotion (binding,
 * team, commissions from order events), invitations with posters, and withdrawal of commission.
 */
export async function registerPromotionModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  wallet: WalletModule,
): Promise<PromotionModule> {
  const { config, db } = deps;
  const { payments, promotionReads } = uses.order;
  const { ledger } = uses.ledger;
  const verifyPayPassword = (userId: number, password: string) =>
    uses.users.payPassword.verify(userId, password);
  const repo = new PromoUserRepo(narrowDb(db));
  const identities = new IdentityService(
    db,
    repo,
    ledger,
    deps.blobs,
    assetLoader(app, [UPLOAD_PREFIX, '/assets/']),
    {
      verifyPayPassword,
      giveRedPacket: (trx, userId, title, amount) =>
        wallet.redPackets.give(trx, userId, { title, source: 'invitation', amount }),
      invited: (trx, inviterId, inviteeId) =>
        deps.events.emit(trx, { type: 'user.invited', userId: inviterId, inviteeId }),
    },
    {
      bindWindowHours: config.PROMO_BIND_WINDOW_HOURS,
      bailEnabled: config.UPGRADE_BAIL_ENABLED,
      bailAmount: config.UPGRADE_BAIL_AMOUNT,
      inviteeGift: config.INVITEE_RED_PACKET,
      inviterReward: config.INVITER_REWARD,
    },
  );
  const membership = new MembershipService(
    db,
    new MembershipRepo(narrowDb(db)),
    repo,
    ledger,
    payments,
    promotionReads,
    verifyPayPassword,
    {
      pricePercent: config.MEMBER_PRICE_PERCENT,
      plans: {
        month: { name: '月卡', price: config.MEMBER_PRICE_MONTH, days: 30 },
        quarter: { name: '季卡', price: config.MEMBER_PRICE_QUARTER, days: 90 },
        year: { name: '年卡', price: config.MEMBER_PRICE_YEAR, days: 365 },
      },
    },
  );

  const commissions = new CommissionService(db, new CommissionRepo(narrowDb(db)), repo, ledger, {
    l1Bp: config.PROMO_L1_BP,
    l2Bp: config.PROMO_L2_BP,
    selfPurchase: config.PROMO_SELF_PURCHASE,
    settleSeconds: config.COMMISSION_SETTLE_SECONDS,
  });
  const payout = new SandboxPayoutGateway(deps.secret);
  const withdrawals = new WithdrawalService(
    db,
    new WithdrawalRepo(narrowDb(db)),
    repo,
    ledger,
    payout,
    {
      realNameMatches: (userId, name) => uses.users.users.realNameMatches(userId, name),
      verifyPayPassword,
    },
    {
      min: config.WITHDRAW_MIN,
      feeBp: config.WITHDRAW_FEE_BP,
      dailyLimit: config.WITHDRAW_DAILY_LIMIT,
    },
  );
  const team = new TeamService(repo, identities, commissions, withdrawals, ledger);

  const sweeper = new PromotionSweeper(commissions, withdrawals, config.PROMO_SWEEP_MS, deps.log);
  const settleDays = Math.ceil(config.COMMISSION_SETTLE_SECONDS / 86_400);
  const m: PromotionModule = {
    identities,
    membership,
    commissions,
    withdrawals,
    team,
    isMember: async (userId) => (await repo.members(narrowDb(db), [userId])).length > 0,
    membershipPaid: (trx, p) => membership.onGatewayPaid(trx, p.paymentNo),
    async registered(userId, code) {
      await identities.bind(userId, code, true);
    },
    sweep: () => sweeper.sweep(),
    reactions: {
      async orderPaid(trx, e) {
        const lines = await promotionReads.paidLines(narrowDb(trx), e.orderNos);
        await commissions.onPaid(trx, e.userId, lines);
        await identities.onPackagePaid(
          trx,
          e.userId,
          lines.map((l) => l.productId),
        );
      },
      async orderReceived(trx, e) {
        await commissions.onReceived(trx, e.orderNo);
        await identities.onReceived(trx, e.userId);
      },
      orderRefunded: (trx, e) => commissions.onRefunded(trx, e.orderItemId, e.refundNo, e.amount),
    },
    rules: () => ({
      l1Bp: config.PROMO_L1_BP,
      l2Bp: config.PROMO_L2_BP,
      selfPurchase: config.PROMO_SELF_PURCHASE,
      bindWindowHours: config.PROMO_BIND_WINDOW_HOURS,
      settleDays,
      memberPricePercent: config.MEMBER_PRICE_PERCENT,
      upgradePrice: config.UPGRADE_PRICE,
      bailEnabled: config.UPGRADE_BAIL_ENABLED,
      bailAmount: config.UPGRADE_BAIL_AMOUNT,
      withdrawMin: config.WITHDRAW_MIN,
      withdrawFeeBp: config.WITHDRAW_FEE_BP,
      withdrawDailyLimit: config.WITHDRAW_DAILY_LIMIT,
      inviteeGift: config.INVITEE_RED_PACKET,
      inviterReward: config.INVITER_REWARD,
      plans: membership.plans(),
    }),
    async upgradeInfo(userId) {
      const [identity, packages] = await Promise.all([
        identities.identity(userId),
        repo.packages(),
      ]);
      return {
        identity,
        price: config.UPGRADE_PRICE,
        bailEnabled: config.UPGRADE_BAIL_ENABLED,
        bailAmount: config.UPGRADE_BAIL_AMOUNT,
        packages: packages.map((p) => ({
          productId: p.id,
          skuId: Number(p.sku_id),
          title: p.title,
          image: p.main_image,
          price: p.price,
        })),
        tiers: (['user', 'member', 'promoter', 'owner'] as const).map((tier) => ({
          tier,
          name: TIER_TEXT[tier],
          rights: TIER_RIGHTS[tier]({
            l1: config.PROMO_L1_BP,
            l2: config.PROMO_L2_BP,
            percent: config.MEMBER_PRICE_PERCENT,
          }),
        })),
      };
    },
    addPackage: (productId) => repo.addPackage(productId),
  };
  app.decorate('promotionModule', m);
  await promotionRoutes(app, m);
  await withdrawRoutes(app, withdrawals, payout);
  await promotionAdminRoutes(app, m);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
