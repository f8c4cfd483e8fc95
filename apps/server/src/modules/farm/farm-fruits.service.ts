import {
  FARM_DEFAULTS,
  type FarmFruit,
  type FarmFruitBody,
  type FarmFruitsData,
} from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import type { StockService } from '../catalogue/index.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { FarmRepo } from './farm.repo.ts';
import { toFruit, validStages } from './farm-rules.ts';

/** The fruit kinds: the operator's changes and the lists users plant from. */
export class FarmFruits {
  constructor(
    private readonly repo: FarmRepo,
    private readonly rewards: RewardsService,
    private readonly stock: StockService,
  ) {}

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
    return toFruit(f);
  }

  /** Every kind (the operator) or the ones that may be planted (users). */
  async fruits(all: boolean): Promise<FarmFruitsData> {
    return { list: (await this.repo.fruitList(!all)).map((f) => toFruit(f)) };
  }
}
