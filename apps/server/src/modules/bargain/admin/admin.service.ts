import type {
  BargainAdminItem,
  BargainAdminItemsQuery,
  BargainItemBody,
  BargainItemCreated,
  BargainItemUpdateBody,
  PageOf,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import { type BargainOptions, pageOf } from '../bargain-common.ts';
import type { BargainRows } from '../bargain-rows.repo.ts';
import { toAdminItem } from '../bargain-view.ts';
import type { AdminRepo } from './admin.repo.ts';

/** The operator's items: listing, creating and changing them (running bargains keep their terms). */
export class BargainOperator {
  constructor(
    private readonly rows: BargainRows,
    private readonly repo: AdminRepo,
    private readonly opts: Pick<BargainOptions, 'helpersNeeded' | 'timeLimitHours'>,
  ) {}

  async adminItems(q: BargainAdminItemsQuery): Promise<PageOf<BargainAdminItem>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const [rows, total] = await this.repo.adminItems(q.edition, pageSize, offset);
    return { list: rows.map(toAdminItem), total: total.n, pageNum, pageSize };
  }

  private async checkReward(b: {
    rewardKind?: 'none' | 'coupon' | 'redPacket';
    couponTemplateId?: number | null;
    redPacketAmount?: number;
  }) {
    if (b.rewardKind === 'coupon') {
      if (!b.couponTemplateId || !(await this.repo.couponTemplateExists(b.couponTemplateId))) {
        throw new AppError('BARGAIN_REWARD_INVALID');
      }
    }
    if (b.rewardKind === 'redPacket' && !(b.redPacketAmount && b.redPacketAmount > 0)) {
      throw new AppError('BARGAIN_REWARD_INVALID');
    }
  }

  async createItem(b: BargainItemBody): Promise<BargainItemCreated> {
    const sku = await this.repo.skuOf(b.skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    const helpers = b.helpersNeeded ?? this.opts.helpersNeeded;
    const target = b.targetPrice ?? 0;
    if (sku.price - target < helpers + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const kind = b.rewardKind ?? 'none';
    await this.checkReward({ ...b, rewardKind: kind });
    const id = await this.repo.insertItem({
      edition: b.edition,
      sku_id: sku.id,
      product_id: sku.product_id,
      target_price: target,
      helpers_needed: helpers,
      time_limit_hours: b.timeLimitHours ?? this.opts.timeLimitHours,
      stock: b.stock ?? 10,
      per_user_limit: b.perUserLimit ?? 1,
      reward_kind: kind,
      coupon_template_id: kind === 'coupon' ? (b.couponTemplateId ?? null) : null,
      red_packet_amount: kind === 'redPacket' ? (b.redPacketAmount ?? 0) : 0,
      enabled: b.enabled ?? true,
      sort: b.sort ?? 0,
    });
    return { id };
  }

  async updateItem(b: BargainItemUpdateBody): Promise<BargainAdminItem> {
    const row = await this.rows.item(b.id);
    if (!row) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
    const helpers = b.helpersNeeded ?? row.helpers_needed;
    const target = b.targetPrice ?? row.target_price;
    if (row.price - target < helpers + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const kind = b.rewardKind ?? row.reward_kind;
    const couponTemplateId =
      b.couponTemplateId !== undefined ? b.couponTemplateId : row.coupon_template_id;
    const redPacketAmount = b.redPacketAmount ?? row.red_packet_amount;
    await this.checkReward({ rewardKind: kind, couponTemplateId, redPacketAmount });
    // Running bargains keep the terms they started with (their own rows).
    await this.repo.updateItem(b.id, {
      target_price: target,
      helpers_needed: helpers,
      time_limit_hours: b.timeLimitHours ?? row.time_limit_hours,
      stock: b.stock ?? row.stock,
      per_user_limit: b.perUserLimit ?? row.per_user_limit,
      enabled: b.enabled ?? row.enabled,
      sort: b.sort ?? row.sort,
      reward_kind: kind,
      coupon_template_id: kind === 'coupon' ? couponTemplateId : null,
      red_packet_amount: kind === 'redPacket' ? redPacketAmount : 0,
    });
    const after = await this.rows.item(b.id);
    if (!after) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
    return toAdminItem(after);
  }
}
