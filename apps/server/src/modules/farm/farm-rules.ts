import {
  type ErrorId,
  FARM_DEFAULTS,
  FARM_STAGE_NAMES,
  type FarmFruit,
  type FarmTree,
} from '@chaopin/contracts';
import type { FarmRepo } from './farm.repo.ts';

/** The operator's water amounts (env FARM_*). */
export interface FarmRules {
  dailyWater: number;
  waterStep: number;
  orderWater: number;
  helpWater: number;
  shareWater: number;
}

export type FruitRow = NonNullable<Awaited<ReturnType<FarmRepo['fruit']>>>;
export type TreeRow = NonNullable<Awaited<ReturnType<FarmRepo['current']>>>;

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

export function validStages(v: unknown): v is number[] {
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

/** A friend pair's help of a day (helper first). */
export function helpRef(helperId: number, ownerId: number, day: string): string {
  return `${helperId}>${ownerId}:${day}`;
}

/**
 * Whether the user may place a product tree's order now: ripe, or harvested with an order that
 * was cancelled unpaid (the fruit is not lost to an expired cashier).
 */
export function treeError(
  t: { user_id: number; state: string; order_id: number | null },
  userId: number,
  orderStatus: string | null,
): ErrorId | null {
  if (t.user_id !== userId) return 'FARM_TREE_NOT_FOUND';
  if (t.state === 'growing') return 'FARM_NOT_RIPE';
  if (t.state === 'ripe') return null;
  return t.order_id !== null && orderStatus === 'cancelled' ? null : 'FARM_HARVESTED';
}

export function toFruit(f: FruitRow): FarmFruit {
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

/** A tree as shown: its percent (99 at most while growing), stage and whether it can be claimed. */
export function toTree(t: TreeRow): FarmTree {
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
    skuId: t.reward === 'product' ? t.sku_id : null,
    orderNo: t.order_no,
    claimable:
      t.state === 'ripe' ||
      (t.state === 'harvested' && t.reward === 'product' && t.order_status === 'cancelled'),
    plantedAt: t.planted_at.toISOString(),
    harvestedAt: t.harvested_at?.toISOString() ?? null,
  };
}
