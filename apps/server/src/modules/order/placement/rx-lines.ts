import type { Db } from '../../../database.ts';
import type { SkuForPricing, StockLine } from '../../catalogue/index.ts';
import type { PrescriptionPort } from '../prescription-port.ts';
import { keyOf, type Placing } from './batch-context.ts';

/** A prescription this batch matched was taken by a concurrent checkout meanwhile. */
export class RxRaced extends Error {}

/**
 * The placement step for 处方药: each submit with an rx line gets the buyer's prescriptions that
 * cover it, or is refused (RX_REQUIRED) before any stock is allocated to it.
 */
export async function matchPrescriptions(
  port: PrescriptionPort,
  trx: Db,
  submits: readonly { i: number; userId: number; lines: readonly StockLine[] }[],
  skus: ReadonlyMap<number, SkuForPricing>,
  now: Date,
): Promise<{ matched: Map<number, number[]>; refused: Set<number> }> {
  const matched = new Map<number, number[]>();
  const refused = new Set<number>();
  const asking = submits.flatMap((s) => {
    const lines = s.lines.filter((l) => skus.get(l.skuId)?.rx);
    return lines.length ? [{ i: s.i, userId: s.userId, lines }] : [];
  });
  if (!asking.length) return { matched, refused };
  const answers = await port.match(trx, asking, now);
  asking.forEach((a, n) => {
    const ids = answers[n];
    if (ids) matched.set(a.i, ids);
    else refused.add(a.i);
  });
  return { matched, refused };
}

/** Which order of a placed submit holds its first rx line (its prescriptions are used by it). */
export function rxOrderStore(
  stores: readonly { storeId: number; items: readonly { skuId: number }[] }[],
  skus: ReadonlyMap<number, SkuForPricing>,
): number | undefined {
  return stores.find((s) => s.items.some((i) => skus.get(i.skuId)?.rx))?.storeId;
}

/** The placed submits' prescriptions are used by their orders, each once (or the batch fails). */
export async function takePrescriptions(
  port: PrescriptionPort,
  trx: Db,
  placed: readonly Placing[],
  matched: ReadonlyMap<number, number[]>,
  skus: ReadonlyMap<number, SkuForPricing>,
  groupOf: ReadonlyMap<string, { id: number }>,
  orderOf: ReadonlyMap<string, { id: number }>,
): Promise<void> {
  const rows = placed.flatMap((p) => {
    const ids = matched.get(p.i);
    const storeId = rxOrderStore(p.pricing.stores, skus);
    const group = groupOf.get(keyOf(p.job));
    const order = group && orderOf.get(`${group.id}:${storeId}`);
    if (!ids || !order) return [];
    return ids.map((prescriptionId) => ({ prescriptionId, orderId: order.id }));
  });
  if (!rows.length) return;
  if ((await port.use(trx, rows)) !== rows.length) throw new RxRaced();
}
