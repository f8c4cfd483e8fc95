import type { ErrorId, FarmHelpData, FarmHomeData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maskNickname } from '../order/index.ts';
import type { FarmRepo } from './farm.repo.ts';
import { type FarmRules, helpRef } from './farm-rules.ts';
import type { FarmViews } from './farm-views.service.ts';

/**
 * The player's actions (plant, 领水, share, 浇水, a friend's help) and the paid order's water.
 * Water comes in through the log, whose (source, ref) key gives each day's water, each order's
 * water and each friend pair's daily help once, whatever the taps and nodes; the kettle and the
 * tree move by conditional UPDATEs in the same transaction (a tap takes water only from a kettle
 * holding enough, and grows only a growing tree).
 */
export class FarmPlay {
  constructor(
    private readonly db: Db,
    private readonly repo: FarmRepo,
    private readonly views: FarmViews,
    private readonly rules: FarmRules,
  ) {}

  /** Plants a tree of an enabled kind, unless a live one is there (one at a time). */
  async plant(userId: number, fruitId: number): Promise<FarmHomeData> {
    const f = await this.repo.fruit(fruitId);
    if (!f?.enabled) throw new AppError('FARM_FRUIT_NOT_FOUND');
    const planted = await this.db.transaction().execute((trx) =>
      this.repo.insertTree(narrowDb(trx), {
        user_id: userId,
        fruit_id: f.id,
        water_needed: f.water_needed,
        stage_percents: f.stage_percents,
        reward: f.reward,
        coupon_template_id: f.coupon_template_id,
        sku_id: f.sku_id,
        order_id: null,
        order_no: null,
        ripe_at: null,
        harvested_at: null,
      }),
    );
    if (!planted) throw new AppError('FARM_HAS_TREE');
    return this.views.home(userId);
  }

  /** Water in, once per (source, ref): false when that gift was given before. */
  private async give(
    trx: Db,
    userId: number,
    p: { source: 'daily' | 'order' | 'help' | 'share'; ref: string; amount: number },
    friendId: number | null = null,
    now = new Date(),
  ): Promise<boolean> {
    const logged = await this.repo.insertLog(narrowDb(trx), {
      user_id: userId,
      source: p.source,
      amount: p.amount,
      ref: p.ref,
      friend_id: friendId,
      tree_id: null,
      day: chinaDay(now),
    });
    if (!logged) return false;
    if (p.amount > 0) await this.repo.addWater(narrowDb(trx), userId, p.amount);
    return true;
  }

  /** 领水: today's free water, once a day. */
  async collect(userId: number, now = new Date()): Promise<FarmHomeData> {
    const ref = `${userId}:${chinaDay(now)}`;
    const given = await this.db
      .transaction()
      .execute((trx) =>
        this.give(trx, userId, { source: 'daily', ref, amount: this.rules.dailyWater }, null, now),
      );
    if (!given) throw new AppError('FARM_ALREADY_COLLECTED');
    return this.views.home(userId, now);
  }

  /** 分享: water for sharing the farm, once a day. */
  async share(userId: number, now = new Date()): Promise<FarmHomeData> {
    const ref = `${userId}:${chinaDay(now)}`;
    const given = await this.db
      .transaction()
      .execute((trx) =>
        this.give(trx, userId, { source: 'share', ref, amount: this.rules.shareWater }, null, now),
      );
    if (!given) throw new AppError('FARM_SHARED_TODAY');
    return this.views.home(userId, now);
  }

  /** order.paid: each paid order's water, once per order (inside the payment's transaction). */
  async onPaid(trx: Db, userId: number, orderNos: readonly string[]): Promise<void> {
    if (this.rules.orderWater <= 0) return;
    for (const orderNo of orderNos) {
      await this.give(trx, userId, {
        source: 'order',
        ref: orderNo,
        amount: this.rules.orderWater,
      });
    }
  }

  /**
   * refund.refunded of a fully refunded order: its water back once (the log's (source, ref) key),
   * from the kettle, the rest as a debt the next water pays first; the kettle never goes below 0.
   */
  async onOrderRefunded(trx: Db, userId: number, orderNo: string, now = new Date()) {
    const given = await this.repo.orderWater(narrowDb(trx), userId, orderNo);
    if (given <= 0) return;
    const logged = await this.repo.insertLog(narrowDb(trx), {
      user_id: userId,
      source: 'refund',
      amount: -given,
      ref: orderNo,
      friend_id: null,
      tree_id: null,
      day: chinaDay(now),
    });
    if (logged) await this.repo.takeBack(narrowDb(trx), userId, given);
  }

  /**
   * 浇水: one step of water from the kettle into the growing tree. Both rows move by conditional
   * UPDATEs in one transaction, so concurrent taps never take water the kettle does not hold and
   * a tree never grows past ripe.
   */
  async water(userId: number, now = new Date()): Promise<FarmHomeData> {
    const step = this.rules.waterStep;
    const error = await this.db.transaction().execute(async (trx): Promise<ErrorId | null> => {
      const live = await this.repo.liveState(userId, narrowDb(trx));
      if (!live) return 'FARM_NO_TREE';
      if (live.state === 'ripe') return 'FARM_RIPE';
      if (!(await this.repo.takeWater(narrowDb(trx), userId, step))) return 'FARM_WATER_NOT_ENOUGH';
      const grown = await this.repo.grow(narrowDb(trx), userId, step, now);
      // A concurrent tap ripened it between the read and here: roll the water back.
      if (!grown) throw new AppError('FARM_RIPE');
      await this.repo.insertLog(narrowDb(trx), {
        user_id: userId,
        source: 'water',
        amount: -step,
        ref: `${grown.id}:${grown.growth}`,
        friend_id: null,
        tree_id: grown.id,
        day: chinaDay(now),
      });
      return null;
    });
    if (error) throw new AppError(error);
    return this.views.home(userId, now);
  }

  /** 好友助力: I help a friend; their kettle gets the help water once a day per pair. */
  async help(userId: number, friendId: number, now = new Date()): Promise<FarmHelpData> {
    if (friendId === userId) throw new AppError('FARM_HELP_SELF');
    const friend = await this.repo.user(friendId);
    if (!friend) throw new AppError('FARM_FRIEND_NOT_FOUND');
    const ref = helpRef(userId, friendId, chinaDay(now));
    const given = await this.db
      .transaction()
      .execute((trx) =>
        this.give(
          trx,
          friendId,
          { source: 'help', ref, amount: this.rules.helpWater },
          userId,
          now,
        ),
      );
    if (!given) throw new AppError('FARM_HELPED_TODAY');
    return { friendName: maskNickname(friend.nickname || '好友'), amount: this.rules.helpWater };
  }
}
