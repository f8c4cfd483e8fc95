import {
  type ErrorId,
  FARM_DEFAULTS,
  FARM_SOURCE_TEXT,
  FARM_STAGE_NAMES,
  type FarmFriendData,
  type FarmFruit,
  type FarmFruitBody,
  type FarmFruitsData,
  type FarmHarvestBody,
  type FarmHarvestData,
  type FarmHelpData,
  type FarmHomeData,
  type FarmTree,
  type NewOrderData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { AppError } from '../../platform/errors.ts';
import type { StockService } from '../catalogue/stock.service.ts';
import { maskNickname } from '../order/barrage.service.ts';
import type { OrderService } from '../order/order.service.ts';
import type { DealPort } from '../order/placement/order-placer.ts';
import { orderLink, REWARD_LINKS, type Rewards } from '../redeem/rewards.ts';
import type { FarmRepo } from './farm.repo.ts';

/** The name the farm's deal port is registered under with the order placer. */
export const FARM_DEAL_PORT = 'farm';

/** The operator's water amounts (env FARM_*). */
export interface FarmRules {
  dailyWater: number;
  waterStep: number;
  orderWater: number;
  helpWater: number;
  shareWater: number;
}

const LOG_SIZE = 20;
type FruitRow = NonNullable<Awaited<ReturnType<FarmRepo['fruit']>>>;
type TreeRow = NonNullable<Awaited<ReturnType<FarmRepo['current']>>>;

/** The stored stage percents, or the defaults when they are not five ascending ones from 0 to 100. */
export function parseStages(text: string): number[] {
  try {
    const v: unknown = JSON.parse(text);
    if (validStages(v)) return v;
  } catch {
    // A bad stored value falls back to the defaults below.
  }
  return [...FARM_DEFAULTS.STAGE_PERCENTS];
}

function validStages(v: unknown): v is number[] {
  return (
    Array.isArray(v) &&
    v.length === FARM_STAGE_NAMES.length &&
    v[0] === 0 &&
    v[v.length - 1] === 100 &&
    v.every((n, i) => Number.isInteger(n) && (i === 0 || n > v[i - 1]))
  );
}

/** The stage a tree at `percent` is in: the last one whose start it reached. */
export function stageOf(percent: number, stages: readonly number[]): number {
  let stage = 0;
  stages.forEach((start, i) => {
    if (percent >= start) stage = i;
  });
  return stage;
}

/**
 * The farm game. Water comes in through the log, whose (source, ref) key gives each day's water,
 * each order's water and each friend pair's daily help once, whatever the taps and nodes; the
 * kettle and the tree move by conditional UPDATEs in the same transaction (a tap takes water only
 * from a kettle holding enough, and grows only a growing tree), and the harvest moves a ripe tree
 * to harvested once, with its coupon or its ¥0 order in that transaction.
 */
export class FarmService {
  constructor(
    private readonly db: Db,
    private readonly repo: FarmRepo,
    private readonly rewards: Rewards,
    private readonly orders: OrderService,
    private readonly stock: StockService,
    readonly rules: FarmRules,
  ) {}

  // --- operator -------------------------------------------------------------------------------

  private toFruit(f: FruitRow): FarmFruit {
    return {
      id: f.id,
      name: f.name,
      image: f.image,
      waterNeeded: f.water_needed,
      stagePercents: parseStages(f.stage_percents),
      reward: f.reward,
      rewardTitle: (f.reward === 'coupon' ? f.coupon_name : f.product_title) ?? '',
      couponTemplateId: f.coupon_template_id,
      skuId: f.sku_id,
      enabled: f.enabled,
      sort: f.sort,
    };
  }

  /** The row of a valid body: its reward's template or SKU exists, the stages ascend. */
  private async fruitRow(b: FarmFruitBody) {
    const stages = b.stagePercents ?? [...FARM_DEFAULTS.STAGE_PERCENTS];
    if (!validStages(stages)) throw new AppError('FARM_FRUIT_INVALID');
    const templateId = b.couponTemplateId ?? null;
    const skuId = b.skuId ?? null;
    if ((b.reward === 'coupon') !== (templateId !== null)) throw new AppError('FARM_FRUIT_INVALID');
    if ((b.reward === 'product') !== (skuId !== null)) throw new AppError('FARM_FRUIT_INVALID');
    if (templateId !== null) await this.rewards.couponName(templateId);
    if (skuId !== null && !(await this.stock.skus([skuId])).has(skuId)) {
      throw new AppError('SKU_NOT_FOUND');
    }
    return {
      name: b.name.trim() || '果树',
      image: b.image,
      water_needed: b.waterNeeded,
      stage_percents: JSON.stringify(stages),
      reward: b.reward,
      coupon_template_id: templateId,
      sku_id: skuId,
      enabled: b.enabled ?? true,
      sort: b.sort ?? 0,
    };
  }

  async createFruit(b: FarmFruitBody): Promise<number> {
    return (await this.repo.insertFruit(await this.fruitRow(b))).id;
  }

  async updateFruit(id: number, b: FarmFruitBody): Promise<FarmFruit> {
    if (!(await this.repo.fruit(id))) throw new AppError('FARM_FRUIT_NOT_FOUND');
    if (!(await this.repo.updateFruit(id, await this.fruitRow(b)))) {
      throw new AppError('FARM_FRUIT_NOT_FOUND');
    }
    return this.fruit(id);
  }

  async deleteFruit(id: number): Promise<void> {
    if (!(await this.repo.deleteFruit(id))) throw new AppError('FARM_FRUIT_NOT_FOUND');
  }

  async fruit(id: number): Promise<FarmFruit> {
    const f = await this.repo.fruit(id);
    if (!f) throw new AppError('FARM_FRUIT_NOT_FOUND');
    return this.toFruit(f);
  }

  /** Every kind (the operator) or the ones that may be planted (users). */
  async fruits(all: boolean): Promise<FarmFruitsData> {
    return { list: (await this.repo.fruitList(!all)).map((f) => this.toFruit(f)) };
  }

  // --- views ----------------------------------------------------------------------------------

  private toTree(t: TreeRow): FarmTree {
    const stages = parseStages(t.stage_percents);
    const percent = Math.min(100, Math.floor((t.growth * 100) / t.water_needed));
    const stage = t.state === 'growing' ? stageOf(percent, stages) : stages.length - 1;
    return {
      id: t.id,
      fruitId: t.fruit_id,
      fruitName: t.fruit_name,
      image: t.image,
      waterNeeded: t.water_needed,
      growth: t.growth,
      percent: t.state === 'growing' ? Math.min(99, percent) : 100,
      stage,
      stageName: FARM_STAGE_NAMES[stage] ?? '',
      nextStagePercent: stages[stage + 1] ?? null,
      state: t.state,
      reward: t.reward,
      rewardTitle: (t.reward === 'coupon' ? t.coupon_name : t.product_title) ?? '',
      orderNo: t.order_no,
      claimable:
        t.state === 'ripe' ||
        (t.state === 'harvested' && t.reward === 'product' && t.order_status === 'cancelled'),
      plantedAt: t.planted_at.toISOString(),
      harvestedAt: t.harvested_at?.toISOString() ?? null,
    };
  }

  async home(userId: number, now = new Date()): Promise<FarmHomeData> {
    const today = chinaDay(now);
    const [tree, kettle, log, counts] = await Promise.all([
      this.repo.current(userId),
      this.repo.kettle(userId),
      this.repo.log(userId, LOG_SIZE),
      this.repo.dayCounts(userId, today),
    ]);
    const r = this.rules;
    return {
      userId,
      tree: tree ? this.toTree(tree) : null,
      kettle,
      today,
      tasks: {
        dailyWater: r.dailyWater,
        collectedToday: (counts.get('daily') ?? 0) > 0,
        orderWater: r.orderWater,
        ordersToday: counts.get('order') ?? 0,
        helpWater: r.helpWater,
        helpsToday: counts.get('help') ?? 0,
        shareWater: r.shareWater,
        sharedToday: (counts.get('share') ?? 0) > 0,
        waterStep: r.waterStep,
      },
      log: log.map((l) => ({
        id: l.id,
        source: l.source,
        sourceText: FARM_SOURCE_TEXT[l.source],
        amount: l.amount,
        createdAt: l.created_at.toISOString(),
      })),
      stageNames: [...FARM_STAGE_NAMES],
    };
  }

  // --- playing --------------------------------------------------------------------------------

  /** Plants a tree of an enabled kind, unless a live one is there (one at a time). */
  async plant(userId: number, fruitId: number): Promise<FarmHomeData> {
    const f = await this.repo.fruit(fruitId);
    if (!f?.enabled) throw new AppError('FARM_FRUIT_NOT_FOUND');
    const planted = await this.db.transaction().execute((trx) =>
      this.repo.insertTree(trx, {
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
    return this.home(userId);
  }

  /** Water in, once per (source, ref): false when that gift was given before. */
  private async give(
    trx: Db,
    userId: number,
    p: { source: 'daily' | 'order' | 'help' | 'share'; ref: string; amount: number },
    friendId: number | null = null,
    now = new Date(),
  ): Promise<boolean> {
    const logged = await this.repo.insertLog(trx, {
      user_id: userId,
      source: p.source,
      amount: p.amount,
      ref: p.ref,
      friend_id: friendId,
      tree_id: null,
      day: chinaDay(now),
    });
    if (!logged) return false;
    if (p.amount > 0) await this.repo.addWater(trx, userId, p.amount);
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
    return this.home(userId, now);
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
    return this.home(userId, now);
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
   * 浇水: one step of water from the kettle into the growing tree. Both rows move by conditional
   * UPDATEs in one transaction, so concurrent taps never take water the kettle does not hold and
   * a tree never grows past ripe.
   */
  async water(userId: number, now = new Date()): Promise<FarmHomeData> {
    const step = this.rules.waterStep;
    const error = await this.db.transaction().execute(async (trx): Promise<ErrorId | null> => {
      const live = await this.repo.liveState(userId, trx);
      if (!live) return 'FARM_NO_TREE';
      if (live.state === 'ripe') return 'FARM_RIPE';
      if (!(await this.repo.takeWater(trx, userId, step))) return 'FARM_WATER_NOT_ENOUGH';
      const grown = await this.repo.grow(trx, userId, step, now);
      // A concurrent tap ripened it between the read and here: roll the water back.
      if (!grown) throw new AppError('FARM_RIPE');
      await this.repo.insertLog(trx, {
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
    return this.home(userId, now);
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

  /** The friend's farm as a help link shows it. */
  async friend(userId: number, friendId: number, now = new Date()): Promise<FarmFriendData> {
    const friend = await this.repo.user(friendId);
    if (!friend) throw new AppError('FARM_FRIEND_NOT_FOUND');
    const t = await this.repo.current(friendId);
    const tree = t ? this.toTree(t) : null;
    return {
      friendId,
      friendName: maskNickname(friend.nickname || '好友'),
      fruitName: tree?.fruitName ?? null,
      stageName: tree?.stageName ?? null,
      percent: tree?.percent ?? 0,
      helpedToday: Boolean(
        await this.repo.hasLog('help', helpRef(userId, friendId, chinaDay(now))),
      ),
      self: userId === friendId,
    };
  }

  // --- harvest --------------------------------------------------------------------------------

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
      const row = await this.repo.harvest(trx, t.id, userId, now);
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
      tree: await this.treeView(userId, t.id),
    };
  }

  private async treeView(userId: number, id: number): Promise<FarmTree> {
    const t = await this.repo.tree(id, userId);
    if (!t) throw new AppError('FARM_TREE_NOT_FOUND');
    return this.toTree(t);
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
      tree: await this.treeView(userId, t.id),
    });
    // A retry of the same submit answers its order; the key of any other order is refused.
    const earlier = await this.orders.bySubmitKey(userId, b.clientKey);
    if (earlier) {
      if (t.order_no && earlier.orderNos.includes(t.order_no)) return answer(earlier);
      throw new AppError('CLIENT_KEY_INVALID');
    }
    const error = treeError(t, userId, t.order_status ?? null);
    if (error) throw new AppError(error);
    if (!b.addressId) throw new AppError('ADDRESS_REQUIRED');
    const placed = await this.orders.placeDeal(userId, {
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note?.trim() ?? '',
      skuId: t.sku_id ?? 0,
      deal: { port: FARM_DEAL_PORT, ref: t.id, price: 0 },
    });
    return answer(placed.data);
  }

  /** The placement batch's side: each tree locked and checked, nothing written. */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const trees = new Map(
      (await this.repo.lockTrees(trx, [...new Set(deals.map((d) => d.ref))])).map((t) => [t.id, t]),
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
        t.order_id !== null ? (await this.repo.orderStatus(trx, t.order_id))?.status : null;
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
        for (const r of rows) await this.repo.recordOrder(trx, r.ref, r.orderId, r.orderNo, now);
      },
    };
  }
}

/** A friend pair's help of a day (helper first). */
function helpRef(helperId: number, ownerId: number, day: string): string {
  return `${helperId}>${ownerId}:${day}`;
}

/**
 * Whether the user may place a product tree's order now: ripe, or harvested with an order that
 * was cancelled unpaid (the fruit is not lost to an expired cashier).
 */
function treeError(
  t: { user_id: number; state: string; order_id: number | null },
  userId: number,
  orderStatus: string | null,
): ErrorId | null {
  if (t.user_id !== userId) return 'FARM_TREE_NOT_FOUND';
  if (t.state === 'growing') return 'FARM_NOT_RIPE';
  if (t.state === 'ripe') return null;
  return t.order_id !== null && orderStatus === 'cancelled' ? null : 'FARM_HARVESTED';
}
