import type { BargainDetailData, BargainHelpData, ErrorId } from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CaptchaService } from '../../captcha/index.ts';
import {
  type BargainOptions,
  type BargainPorts,
  DAY,
  enabledItem,
  HOUR,
  random,
} from '../bargain-common.ts';
import { firstCutOf, helpCutOf } from '../bargain-cut.ts';
import type { BargainRows } from '../bargain-rows.repo.ts';
import { statusOf, toReward } from '../bargain-view.ts';
import type { BargainBrowse } from '../browse/browse.service.ts';
import type { HelpRepo } from './help.repo.ts';

/** A coupon the template can no longer give (its total, its end, the helper's allowance). */
const COUPON_UNAVAILABLE = new Set<ErrorId>([
  'COUPON_LIMIT',
  'COUPON_SOLD_OUT',
  'COUPON_ENDED',
  'COUPON_NOT_FOUND',
]);

/**
 * Starting a bargain (the starter's first knife) and helping it. A bargain needs
 * `helpers_needed` helps after its starter's first knife; each cut is drawn by `cutOf` under the
 * bargain's row lock (one help at a time per bargain, any node), with the help row's unique key
 * making a helper count once. The helper's reward (red packet or coupon) is given in the help's
 * transaction: help, cut and reward commit together or not at all.
 */
export class BargainHelping {
  constructor(
    private readonly db: Db,
    private readonly rows: BargainRows,
    private readonly repo: HelpRepo,
    private readonly captcha: CaptchaService,
    private readonly browse: BargainBrowse,
    private readonly ports: BargainPorts,
    private readonly opts: BargainOptions,
  ) {}

  async start(userId: number, itemId: number): Promise<BargainDetailData> {
    const row = await enabledItem(this.rows, itemId);
    const cuts = row.helpers_needed + 1;
    if (row.price - row.target_price < cuts) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const id = await this.db.transaction().execute(async (trx) => {
      const item = await this.rows.lockItem(narrowDb(trx), itemId);
      if (!item?.enabled) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
      if ((await this.rows.claimedOf(narrowDb(trx), itemId)) >= item.stock) {
        throw new AppError('BARGAIN_SOLD_OUT');
      }
      await this.repo.expireDueOf(narrowDb(trx), itemId, userId);
      const started = await this.rows.startedBy(narrowDb(trx), itemId, userId);
      if (started.running > 0) throw new AppError('BARGAIN_ALREADY_RUNNING');
      if (started.n >= item.per_user_limit) throw new AppError('BARGAIN_LIMIT_REACHED');
      const remaining = row.price - item.target_price;
      if (remaining < item.helpers_needed + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
      const cut = firstCutOf(remaining, item.helpers_needed + 1, this.opts.cuts.first, random());
      const inserted = await this.repo.insertBargain(narrowDb(trx), {
        item_id: itemId,
        user_id: userId,
        edition: item.edition,
        original_price: row.price,
        target_price: item.target_price,
        current_price: row.price - cut,
        helpers_needed: item.helpers_needed,
        expires_at: new Date(Date.now() + item.time_limit_hours * HOUR),
      });
      if (!inserted) throw new AppError('BARGAIN_ALREADY_RUNNING');
      await this.repo.insertHelp(narrowDb(trx), {
        bargain_id: inserted.id,
        helper_id: userId,
        cut,
        is_starter: true,
        is_new_user: false,
        ip: '',
        reward_kind: 'none',
        reward_amount: 0,
        coupon_template_id: null,
        reward_status: 'none',
      });
      await this.repo.bumpStarted(narrowDb(trx), itemId);
      return inserted.id;
    });
    return this.browse.detail(userId, id);
  }

  async help(
    userId: number,
    ip: string,
    ticket: string | undefined,
    bargainId: number,
  ): Promise<BargainHelpData> {
    await this.captcha.spend(ticket, userId, `bargain:${bargainId}`);
    const helper = await this.rows.user(userId);
    if (!helper) throw new AppError('BARGAIN_NOT_FOUND');
    const isNewUser = Date.now() - helper.created_at.getTime() < this.opts.newUserDays * DAY;
    // Read before the transaction (PGlite's one connection is the transaction's); the reward is
    // the item's as it is when the help is made.
    const first = await this.rows.bargain(bargainId);
    if (!first) throw new AppError('BARGAIN_NOT_FOUND');
    const itemRow = await this.rows.item(first.item_id);
    return this.db.transaction().execute(async (trx) => {
      const b = await this.repo.lockBargain(narrowDb(trx), bargainId);
      if (!b) throw new AppError('BARGAIN_NOT_FOUND');
      if (b.user_id === userId) throw new AppError('BARGAIN_HELP_OWN');
      if (statusOf(b, new Date()) !== 'running') throw new AppError('BARGAIN_ENDED');
      const cutsLeft = b.helpers_needed - b.helps_done;
      const rules = this.opts.cuts;
      const remaining = b.current_price - b.target_price;
      const draw = random();
      const cut = helpCutOf(
        remaining,
        cutsLeft,
        isNewUser ? rules.newUserBand : rules.band,
        rules.keepPercent,
        draw,
      );
      // 新人助力，砍得更多 only when it is true: more than an old user's cut on the same draw.
      const newUserBonus =
        isNewUser && cut > helpCutOf(remaining, cutsLeft, rules.band, rules.keepPercent, draw);
      const reward = toReward(
        itemRow ?? { reward_kind: 'none', coupon_template_id: null, red_packet_amount: 0 },
      );
      const help = await this.repo.insertHelp(narrowDb(trx), {
        bargain_id: b.id,
        helper_id: userId,
        cut,
        is_starter: false,
        is_new_user: isNewUser,
        ip: ip.slice(0, 64),
        reward_kind: reward.kind,
        reward_amount: reward.redPacketAmount,
        coupon_template_id: reward.couponTemplateId,
        // A coupon that cannot be given moves this to 'failed' below, in this transaction.
        reward_status: reward.kind === 'none' ? 'none' : 'given',
      });
      if (!help) throw new AppError('BARGAIN_HELPED');
      const finished = cutsLeft === 1;
      // Under the row lock the guard always holds; it is the belt to the lock's braces.
      if (!(await this.repo.applyCut(narrowDb(trx), b, cut, true, finished))) {
        throw new AppError('BARGAIN_ENDED');
      }
      if (reward.kind === 'redPacket') {
        await this.ports.giveRedPacket(
          trx,
          userId,
          `砍价助力红包（${itemRow?.title ?? ''}）`.slice(0, 30),
          reward.redPacketAmount,
        );
      }
      if (reward.kind === 'coupon') {
        const given =
          reward.couponTemplateId !== null &&
          (await this.grantCoupon(trx, userId, reward.couponTemplateId));
        if (!given) await this.repo.moveReward(narrowDb(trx), help.id, 'given', 'failed');
      }
      return {
        cut,
        remaining: b.current_price - cut - b.target_price,
        helpsDone: b.helps_done + 1,
        helpersNeeded: b.helpers_needed,
        status: finished ? ('succeeded' as const) : ('running' as const),
        isNewUser,
        newUserBonus,
        reward,
      };
    });
  }

  /**
   * One coupon of the template in the caller's transaction, behind a savepoint: when the
   * template cannot give one, only the attempt is undone and the answer is false.
   */
  private async grantCoupon(trx: Db, userId: number, templateId: number): Promise<boolean> {
    await this.repo.savepoint(narrowDb(trx));
    try {
      await this.ports.grantCoupon(trx, userId, templateId);
    } catch (err) {
      if (err instanceof AppError && COUPON_UNAVAILABLE.has(err.id)) {
        await this.repo.rollbackToSavepoint(narrowDb(trx));
        return false;
      }
      throw err;
    }
    await this.repo.releaseSavepoint(narrowDb(trx));
    return true;
  }

  /**
   * Settles a reward left 'pending' (by helps written before rewards were given in the help's
   * transaction): a coupon is given or the reward fails, with the status in one transaction, so
   * it is given at most once across nodes (the status row stays locked until commit).
   */
  async settlePending(helpId: number, userId: number, templateId: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.moveReward(narrowDb(trx), helpId, 'pending', 'given'))) return;
      const given = templateId !== null && (await this.grantCoupon(trx, userId, templateId));
      if (!given) await this.repo.moveReward(narrowDb(trx), helpId, 'given', 'failed');
    });
  }
}
