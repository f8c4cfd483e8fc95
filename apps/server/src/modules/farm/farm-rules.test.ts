import { FARM_DEFAULTS } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { helpRef, parseStages, stageOf, type TreeRow, toTree, treeError } from './farm-rules.ts';

const tree = (over: Partial<TreeRow> = {}): TreeRow => ({
  id: 7,
  user_id: 1,
  fruit_id: 2,
  water_needed: 200,
  stage_percents: '[0,10,30,60,100]',
  growth: 0,
  state: 'growing',
  reward: 'coupon',
  coupon_template_id: 3,
  sku_id: null,
  order_id: null,
  order_no: null,
  planted_at: new Date('2026-01-01T00:00:00Z'),
  ripe_at: null,
  harvested_at: null,
  fruit_name: '苹果树',
  image: '',
  coupon_name: '果园券',
  product_title: null,
  order_status: null,
  ...over,
});

describe('the farm rules', () => {
  it('reads stored stages, falling back to the defaults when they are not valid', () => {
    expect(parseStages('[0,5,20,50,100]')).toEqual([0, 5, 20, 50, 100]);
    for (const bad of ['', 'x', '[0,10,30,60]', '[1,10,30,60,100]', '[0,30,10,60,100]', '{}']) {
      expect(parseStages(bad)).toEqual([...FARM_DEFAULTS.STAGE_PERCENTS]);
    }
  });

  it('puts a percent in the last stage whose start it reached', () => {
    const stages = [0, 10, 30, 60, 100];
    expect([0, 9, 10, 29, 30, 99, 100].map((p) => stageOf(p, stages))).toEqual([
      0, 0, 1, 1, 2, 3, 4,
    ]);
  });

  it('keys a help by the helper, the owner and the day', () => {
    expect(helpRef(1, 2, '2026-01-01')).toBe('1>2:2026-01-01');
  });

  it('lets a product tree be ordered when ripe, or again after its order was cancelled', () => {
    const t = { user_id: 1, state: 'ripe', order_id: null };
    expect(treeError(t, 2, null)).toBe('FARM_TREE_NOT_FOUND');
    expect(treeError({ ...t, state: 'growing' }, 1, null)).toBe('FARM_NOT_RIPE');
    expect(treeError(t, 1, null)).toBeNull();
    const harvested = { ...t, state: 'harvested', order_id: 9 };
    expect(treeError(harvested, 1, 'cancelled')).toBeNull();
    expect(treeError(harvested, 1, 'unpaid')).toBe('FARM_HARVESTED');
    expect(treeError({ ...harvested, order_id: null }, 1, null)).toBe('FARM_HARVESTED');
  });

  it('shows a growing tree below 100% and a ripe one at its last stage', () => {
    const growing = toTree(tree({ growth: 199 }));
    expect(growing).toMatchObject({ percent: 99, stage: 3, stageName: '开花', claimable: false });
    expect(growing.nextStagePercent).toBe(100);
    const ripe = toTree(tree({ growth: 200, state: 'ripe' }));
    expect(ripe).toMatchObject({ percent: 100, stage: 4, nextStagePercent: null, claimable: true });
    expect(ripe.rewardTitle).toBe('果园券');
  });

  it('lets a harvested product tree be claimed again only when its order was cancelled', () => {
    const t = { state: 'harvested' as const, reward: 'product' as const, product_title: '猕猴桃' };
    expect(toTree(tree({ ...t, order_status: 'cancelled' })).claimable).toBe(true);
    expect(toTree(tree({ ...t, order_status: 'unshipped' })).claimable).toBe(false);
    expect(toTree(tree(t)).rewardTitle).toBe('猕猴桃');
  });
});
