import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** The demo's daily flash-sale slots (Asia/Shanghai hours); each lasts until the next one. */
const SLOTS = [0, 10, 14, 20, 24];
const ITEMS_PER_SESSION = 4;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Midnight of the Asia/Shanghai day `daysAhead` days from now, as an instant. */
function shanghaiMidnight(now: number, daysAhead: number): number {
  const local = now + SHANGHAI_OFFSET_MS;
  return local - (local % DAY_MS) - SHANGHAI_OFFSET_MS + daysAhead * DAY_MS;
}

/**
 * Demo flash sales for today and tomorrow (00:00, 10:00, 14:00 and 20:00, Asia/Shanghai), so that
 * 限时秒杀 has something on sale whenever the demo is opened. Each day is claimed once in app_meta
 * (on every node, and on every start: a long-running demo calls it again daily). Slots already
 * over are skipped; products rotate by slot and skip the best sellers other demos lean on.
 */
export async function seedSeckillDays(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.deps.db;
  let sessions = 0;
  for (const day of [0, 1]) {
    const midnight = shanghaiMidnight(now, day);
    const key = `demo_seckill_${new Date(midnight + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10)}`;
    const claimed = await db
      .insertInto('app_meta')
      .values({ key, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) continue;
    const skus = await db
      .selectFrom('sku as k')
      .innerJoin('product as p', 'p.id', 'k.product_id')
      .select(['k.id', 'k.price', 'k.stock'])
      .where('p.status', '=', 1)
      .where('k.price', '>=', 1000)
      .where('k.stock', '>=', 60)
      .where(sql<boolean>`k.id = (select min(s.id) from sku s where s.product_id = p.id)`)
      .orderBy('p.sales', 'desc')
      .orderBy('p.id')
      .offset(20 + day * 16)
      .limit(ITEMS_PER_SESSION * (SLOTS.length - 1))
      .execute();
    if (skus.length < ITEMS_PER_SESSION) continue;
    for (let s = 0; s < SLOTS.length - 1; s++) {
      const start = midnight + (SLOTS[s] as number) * 3_600_000;
      const end = midnight + (SLOTS[s + 1] as number) * 3_600_000;
      if (end <= now) continue;
      const picked = skus.slice(s * ITEMS_PER_SESSION, (s + 1) * ITEMS_PER_SESSION);
      if (picked.length < ITEMS_PER_SESSION) continue;
      await app.seckillModule.seckill
        .createSession({
          title: `${String(SLOTS[s]).padStart(2, '0')}:00场`,
          startAt: new Date(start).toISOString(),
          endAt: new Date(end).toISOString(),
          items: picked.map((k, n) => ({
            skuId: k.id,
            // 3.9折 to 6.9折, whole yuan minus a fen: ¥19.90 rather than ¥19.37.
            flashPrice: Math.max(90, Math.round((k.price * (39 + n * 10)) / 10_000) * 100 - 10),
            flashStock: Math.min(100, Math.floor(k.stock / 3)),
          })),
        })
        .then(
          () => {
            sessions += 1;
          },
          (err: unknown) => app.log.warn({ err }, 'demo flash sale not seeded'),
        );
    }
  }
  return sessions;
}
