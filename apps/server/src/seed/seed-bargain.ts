import type { BargainItemBody } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** The demo's bargain items: four of 砍价免费拿 and two of the New Year edition. */
const PLAN: Omit<BargainItemBody, 'skuId'>[] = [
  { edition: 'normal', helpersNeeded: 3, stock: 50 },
  { edition: 'normal', helpersNeeded: 5, stock: 30, rewardKind: 'redPacket', redPacketAmount: 50 },
  { edition: 'normal', helpersNeeded: 8, stock: 20, rewardKind: 'redPacket', redPacketAmount: 80 },
  { edition: 'normal', helpersNeeded: 10, stock: 10, timeLimitHours: 48 },
  {
    edition: 'newYear',
    helpersNeeded: 12,
    stock: 20,
    timeLimitHours: 48,
    rewardKind: 'redPacket',
    redPacketAmount: 188,
  },
  {
    edition: 'newYear',
    helpersNeeded: 20,
    stock: 10,
    timeLimitHours: 72,
    rewardKind: 'redPacket',
    redPacketAmount: 288,
  },
];

/**
 * Demo bargain items on existing demo SKUs, once per database (claimed in app_meta, so several
 * nodes starting together seed it once). Answers how many items were listed.
 */
export async function seedBargain(app: FastifyInstance): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_bargain', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const skus = await db
    .selectFrom('sku as k')
    .innerJoin('product as p', 'p.id', 'k.product_id')
    .select(['k.id'])
    .where('p.status', '=', 1)
    .where('k.price', '>=', 2000)
    .where('k.price', '<=', 50_000)
    .where('k.stock', '>=', 20)
    .where(sql<boolean>`k.id = (select min(s.id) from sku s where s.product_id = p.id)`)
    .orderBy('p.sales', 'desc')
    .orderBy('p.id')
    .limit(PLAN.length)
    .execute();
  let n = 0;
  for (const [i, sku] of skus.entries()) {
    const plan = PLAN[i];
    if (!plan) break;
    await app.bargainModule.operator.createItem({ ...plan, skuId: sku.id, sort: i });
    n++;
  }
  return n;
}
