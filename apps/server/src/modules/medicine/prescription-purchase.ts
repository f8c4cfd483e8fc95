import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PrescriptionPort, RxRequest } from '../order/index.ts';
import type { PrescriptionPurchaseRepo, UsableRxLine } from './prescription-purchase.repo.ts';

/**
 * Buying 处方药 (SPEC 在线复诊开药): the prescription port the order module places against. The
 * server finds the buyer's prescription for each line — the client names none — and one
 * prescription buys once.
 */
export class PrescriptionPurchase implements PrescriptionPort {
  constructor(private readonly repo: PrescriptionPurchaseRepo) {}

  async match(trx: Db, requests: readonly RxRequest[], now: Date): Promise<(number[] | null)[]> {
    const usable = await this.repo.usableLines(
      narrowDb(trx),
      [...new Set(requests.map((r) => r.userId))],
      [...new Set(requests.flatMap((r) => r.lines.map((l) => l.skuId)))],
      now,
    );
    const given = new Set<number>();
    return requests.map((request) => {
      const mine = new Set<number>();
      for (const line of request.lines) {
        const fits = (u: UsableRxLine) =>
          u.userId === request.userId &&
          u.skuId === line.skuId &&
          u.quantity >= line.quantity &&
          !given.has(u.prescriptionId);
        // One prescription usually covers the whole submit (去购药 checks out all its drugs).
        const found =
          usable.find((u) => fits(u) && mine.has(u.prescriptionId)) ?? usable.find(fits);
        if (!found) return null;
        mine.add(found.prescriptionId);
      }
      for (const id of mine) given.add(id);
      return [...mine];
    });
  }

  use(trx: Db, rows: readonly { prescriptionId: number; orderId: number }[]): Promise<number> {
    return this.repo.use(narrowDb(trx), rows);
  }

  released(trx: Db, orderIds: readonly number[]): Promise<void> {
    return this.repo.release(narrowDb(trx), orderIds);
  }
}
