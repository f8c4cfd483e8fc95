import type { ErrorId, FarmHarvestBody, FarmHarvestData, NewOrderData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type DealPort, orderLink, REWARD_LINKS, type RewardsService } from '../rewards/index.ts';
import type { FarmRepo } from './farm.repo.ts';
import { type TreeRow, treeError } from './farm-rules.ts';
import type { FarmViews } from './farm-views.service.ts';

/** The name the farm's deal port is registered under with the order placer. */
export const FARM_DEAL_PORT = 'farm';

/**
 * The harvest: a ripe tree moves to harvested once, with its coupon in that transaction, or its
 * product becomes a ¥0 prize order (the deal port locks the tree), both through the rewards.
 */
export class FarmHarvest {
  constructor(
    private readonly db: Db,
    private readonly repo: FarmRepo,
    private readonly views: FarmViews,
    private readonly rewards: RewardsService,
  ) {}

  /**
   * Harvests a ripe tree of the caller: a coupon is granted in the transaction that marks the
   * tree harvested (ripe → harvested once: concurrent taps get FARM_HARVESTED); a product is one
   * unit at ¥0 through the order module's placement batch, whose deal port locks the tree.
   */
  async harvest(userId: number, b: FarmHarvestBody, now = new Date()): Promise<FarmHarvestData> {
    const t = await this.repo.tree(b.treeId, userId);
    if (!t) throw new AppError('FARM_TREE_NOT_FOUND');
    if (t.reward === 'product') return this.harvestProduct(userId, t, b);
    if (t.state === 'growing') throw new AppError('FARM_NOT_RIPE');
    const title = t.coupon_name ?? '优惠券';
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await this.repo.harvest(narrowDb(trx), t.id, userId, now);
      if (!row) return false;
      await this.rewards.grant(
        trx,
        userId,
        { kind: 'coupon', templateId: row.coupon_template_id ?? 0 },
        { source: 'farm', ref: String(t.id), title: `种果树：${t.fruit_name}` },
      );
      return true;
    });
    if (!done) throw new AppError('FARM_HARVESTED');
    return {
      reward: 'coupon',
      title,
      order: null,
      link: REWARD_LINKS.coupon,
      tree: await this.views.tree(userId, t.id),
    };
  }

  private async harvestProduct(
    userId: number,
    t: TreeRow,
    b: FarmHarvestBody,
  ): Promise<FarmHarvestData> {
    if (!b.clientKey) {
      throw new AppError(treeError(t, userId, t.order_status ?? null) ?? 'CLIENT_KEY_INVALID');
    }
    const answer = async (order: NewOrderData): Promise<FarmHarvestData> => ({
      reward: 'product',
      title: t.product_title ?? '水果',
      order,
      link: order.orderNos[0] ? orderLink(order.orderNos[0]) : REWARD_LINKS.product,
      tree: await this.views.tree(userId, t.id),
    });
    // A retry of the same submit answers its order; the key of any other order is refused.
    const earlier = await this.rewards.earlierOrder(userId, b.clientKey);
    if (earlier) {
      if (t.order_no && earlier.orderNos.includes(t.order_no)) return answer(earlier);
      throw new AppError('CLIENT_KEY_INVALID');
    }
    const error = treeError(t, userId, t.order_status ?? null);
    if (error) throw new AppError(error);
    const placed = await this.rewards.prizeOrder(userId, {
      port: FARM_DEAL_PORT,
      ref: t.id,
      skuId: t.sku_id ?? 0,
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note,
    });
    return answer(placed.data);
  }

  /** The placement batch's side: each tree locked and checked, nothing written. */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const trees = new Map(
      (await this.repo.lockTrees(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map((t) => [
        t.id,
        t,
      ]),
    );
    const taken = new Set<number>();
    const answers: (ErrorId | null)[] = [];
    for (const d of deals) {
      const t = trees.get(d.ref);
      if (!t) {
        answers.push('FARM_TREE_NOT_FOUND');
        continue;
      }
      const status =
        t.order_id !== null
          ? (await this.repo.orderStatus(narrowDb(trx), t.order_id))?.status
          : null;
      // Two submits for one tree in one batch: the first takes it.
      const error = taken.has(t.id) ? 'FARM_HARVESTED' : treeError(t, d.userId, status ?? null);
      if (!error) taken.add(t.id);
      answers.push(error);
    }
    return answers;
  }

  /** The port the order placer calls for product harvests (registered under FARM_DEAL_PORT). */
  dealPort(): DealPort {
    return {
      check: (trx, deals) => this.checkDeals(trx, deals),
      record: async (trx, rows) => {
        const now = new Date();
        for (const r of rows)
          await this.repo.recordOrder(narrowDb(trx), r.ref, r.orderId, r.orderNo, now);
      },
    };
  }
}
