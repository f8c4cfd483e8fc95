import { FARM_DEFAULTS } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The farm game's demo fruit kinds, once per install: two that ripen into a coupon (issued only,
 * a harvest each time) and one that ripens into a real product of the catalogue (its cheapest
 * SKU in stock) as a ¥0 order. Answers how many kinds were added.
 */
export async function seedFarm(app: FastifyInstance): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_farm', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const { coupons } = app.couponModule;
  const { farm } = app.farmModule;
  const coupon = await coupons.createTemplate({
    name: '果园丰收券',
    kind: 'full',
    scope: 'platform',
    threshold: 3000,
    amount: 500,
    validDays: 15,
    total: 1_000_000,
    perUser: 100,
    claimable: false,
  });
  const big = await coupons.createTemplate({
    name: '果园无门槛券',
    kind: 'free',
    scope: 'platform',
    threshold: 0,
    amount: 300,
    validDays: 15,
    total: 1_000_000,
    perUser: 100,
    claimable: false,
  });
  let n = 0;
  await farm.createFruit({
    name: '苹果树',
    image: '',
    waterNeeded: FARM_DEFAULTS.WATER_NEEDED,
    reward: 'coupon',
    couponTemplateId: coupon,
    sort: 1,
  });
  n++;
  await farm.createFruit({
    name: '橙子树',
    image: '',
    waterNeeded: 150,
    reward: 'coupon',
    couponTemplateId: big,
    sort: 2,
  });
  n++;
  const sku = await db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id'])
    .where('p.status', '=', 1)
    .where('s.stock', '>', 0)
    .orderBy('s.price')
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
  if (sku) {
    await farm.createFruit({
      name: '猕猴桃树',
      image: '',
      waterNeeded: 300,
      reward: 'product',
      skuId: sku.id,
      sort: 3,
    });
    n++;
  }
  return n;
}
