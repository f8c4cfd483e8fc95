import type { DrawClaimBody, ErrorId, NewOrderData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { DealPort, RewardsService } from '../rewards/index.ts';
import type { DrawRepo } from './draw.repo.ts';

/** The name the draw's deal port is registered under with the order placer. */
export const DRAW_DEAL_PORT = 'draw';

/** A product prize claimed as a ¥0 prize order of the rewards (its deal port locks the result). */
export class DrawClaims {
  constructor(
    private readonly repo: DrawRepo,
    private readonly rewards: RewardsService,
  ) {}

  /** A product prize's ¥0 order, once (an unpaid order that expired gives another try). */
  async claim(userId: number, b: DrawClaimBody): Promise<NewOrderData> {
    const r = await this.repo.result(b.resultId);
    if (!r || r.user_id !== userId) throw new AppError('DRAW_RESULT_NOT_FOUND');
    if (r.kind !== 'product' || r.sku_id === null) throw new AppError('DRAW_NOT_PRODUCT');
    const placed = await this.rewards.prizeOrder(userId, {
      port: DRAW_DEAL_PORT,
      ref: r.id,
      skuId: r.sku_id,
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note,
    });
    return placed.data;
  }

  /** DealPort.check: the caller's product prize, without a live order yet. */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const rows = new Map(
      (await this.repo.lockResults(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map(
        (r) => [r.id, r],
      ),
    );
    const taken = new Set<number>();
    return deals.map((d) => {
      const r = rows.get(d.ref);
      if (!r || r.user_id !== d.userId) return 'DRAW_RESULT_NOT_FOUND';
      if (r.kind !== 'product') return 'DRAW_NOT_PRODUCT';
      const live = taken.has(r.id) || (r.order_id !== null && r.order_status !== 'cancelled');
      if (live) return 'DRAW_PRIZE_CLAIMED';
      taken.add(r.id);
      return null;
    });
  }

  /** The port the order placer calls for product prizes (registered under DRAW_DEAL_PORT). */
  dealPort(): DealPort {
    return {
      check: (trx, deals) => this.checkDeals(trx, deals),
      record: async (trx, rows) => {
        for (const r of rows)
          await this.repo.recordOrder(narrowDb(trx), r.ref, r.orderId, r.orderNo);
      },
    };
  }
}
