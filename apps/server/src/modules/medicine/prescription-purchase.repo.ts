import { sql } from 'kysely';
import type { MedicineDb } from './medicine.tables.ts';

/** A line of a prescription that can still buy: in date, unused, of a request of `user_id`. */
export interface UsableRxLine {
  prescriptionId: number;
  userId: number;
  skuId: number;
  quantity: number;
}

/** SQL of buying with a prescription (run in the order placement's or the close's transaction). */
export class PrescriptionPurchaseRepo {
  /** The buyers' usable prescription lines of these SKUs, soonest to expire first. */
  usableLines(
    trx: MedicineDb,
    userIds: readonly number[],
    skuIds: readonly number[],
    now: Date,
  ): Promise<UsableRxLine[]> {
    if (!userIds.length || !skuIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('medicine_prescription as r')
      .innerJoin('medicine_visit as v', 'v.id', 'r.visit_id')
      .innerJoin('medicine_prescription_line as l', 'l.prescription_id', 'r.id')
      .select([
        'r.id as prescriptionId',
        'v.user_id as userId',
        'l.sku_id as skuId',
        'l.quantity as quantity',
      ])
      .where('v.user_id', 'in', [...userIds])
      .where('v.status', '=', 'prescribed')
      .where('l.sku_id', 'in', [...skuIds])
      .where('r.valid_until', '>', now)
      .where('r.used_order_id', 'is', null)
      .orderBy('r.valid_until')
      .orderBy('r.id')
      .execute();
  }

  /** One conditional UPDATE: only a prescription still unused is taken. Answers the rows taken. */
  async use(trx: MedicineDb, rows: readonly { prescriptionId: number; orderId: number }[]) {
    if (!rows.length) return 0;
    const values = sql.join(
      rows.map((r) => sql`(${r.prescriptionId}::int, ${r.orderId}::int)`),
      sql`, `,
    );
    const r = await sql`
      update medicine_prescription set used_order_id = t.order_id
      from (values ${values}) as t(id, order_id)
      where medicine_prescription.id = t.id and medicine_prescription.used_order_id is null`.execute(
      trx,
    );
    return Number(r.numAffectedRows ?? 0);
  }

  async release(trx: MedicineDb, orderIds: readonly number[]): Promise<void> {
    if (!orderIds.length) return;
    await trx
      .updateTable('medicine_prescription')
      .set({ used_order_id: null })
      .where('used_order_id', 'in', [...orderIds])
      .execute();
  }
}
