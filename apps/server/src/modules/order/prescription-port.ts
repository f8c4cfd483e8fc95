import type { Db } from '../../database.ts';

/** A submit's 处方药 lines, as placement asks the prescription port about them. */
export interface RxRequest {
  userId: number;
  lines: readonly { skuId: number; quantity: number }[];
}

/**
 * The medicine module's side of orders (it is built after orders and hands this over): a 处方药
 * line is placed only against a valid prescription of the buyer (issued, in date, unused) that
 * prescribes its SKU in at least its quantity, and a prescription buys once.
 */
export interface PrescriptionPort {
  /**
   * For each request (in arrival order), the prescriptions that cover all its lines, or null when
   * some line has none. A prescription given to one request is not offered to a later one.
   * It writes nothing: `use` takes them once the orders exist.
   */
  match(trx: Db, requests: readonly RxRequest[], now: Date): Promise<(number[] | null)[]>;
  /**
   * Marks each prescription used by its order with one conditional UPDATE (`where used_order_id
   * is null`); answers how many it took, fewer when a concurrent checkout took one first.
   */
  use(trx: Db, rows: readonly { prescriptionId: number; orderId: number }[]): Promise<number>;
  /** These orders closed unpaid: their prescriptions can buy again. */
  released(trx: Db, orderIds: readonly number[]): Promise<void>;
}
