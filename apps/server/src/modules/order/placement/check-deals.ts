import type { Db } from '../../../database.ts';
import type { BatchContext } from './batch-context.ts';
import type { PlaceJob, PlaceResult } from './place-job.ts';

/**
 * Deal submits: each deal's port checks them (grouped by port, in arrival order); a refused
 * one gets its error. Answers the indexes refused.
 */
export async function checkDeals(
  ctx: BatchContext,
  trx: Db,
  indexes: number[],
  jobs: PlaceJob[],
  results: PlaceResult[],
): Promise<Set<number>> {
  const refused = new Set<number>();
  const byPort = new Map<string, number[]>();
  for (const i of indexes) {
    const name = jobs[i]?.deal?.port ?? '';
    byPort.set(name, [...(byPort.get(name) ?? []), i]);
  }
  for (const [name, list] of byPort) {
    const port = ctx.dealPorts.get(name);
    if (!port) throw new Error(`deal without a port: ${name}`);
    const answers = await port.check(
      trx,
      list.map((i) => ({ ref: jobs[i]?.deal?.ref ?? 0, userId: jobs[i]?.userId ?? 0 })),
    );
    list.forEach((i, n) => {
      const error = answers[n];
      if (error) {
        results[i] = { kind: 'refused', error };
        refused.add(i);
      }
    });
  }
  return refused;
}
