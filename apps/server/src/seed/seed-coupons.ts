import type { CouponTemplateBody } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';

/** Platform coupons of the demo: the new-user pack and the claim centre's. */
const PLATFORM: CouponTemplateBody[] = [
  {
    name: '新人无门槛券',
    kind: 'free',
    scope: 'platform',
    threshold: 0,
    amount: 500,
    validDays: 7,
    total: 1_000_000,
    perUser: 1,
    audience: 'new',
    newUserPack: true,
  },
  {
    name: '新人满减券',
    kind: 'full',
    scope: 'platform',
    threshold: 9900,
    amount: 1500,
    validDays: 7,
    total: 1_000_000,
    perUser: 1,
    audience: 'new',
    newUserPack: true,
  },
  {
    name: '新人大额券',
    kind: 'full',
    scope: 'platform',
    threshold: 19900,
    amount: 3000,
    validDays: 7,
    total: 1_000_000,
    perUser: 1,
    audience: 'new',
    newUserPack: true,
  },
  {
    name: '平台满减券',
    kind: 'full',
    scope: 'platform',
    threshold: 30000,
    amount: 4000,
    validDays: 30,
    total: 100_000,
    perUser: 2,
  },
  {
    name: '平台折扣券',
    kind: 'discount',
    scope: 'platform',
    threshold: 5000,
    rate: 90,
    cap: 5000,
    validDays: 15,
    total: 50_000,
    perUser: 1,
  },
];

/**
 * Demo coupons, once per install (app_meta): the new-user pack, platform coupons, a 满减 coupon
 * for each of the busiest stores, a category coupon for the two biggest categories and 无门槛
 * coupons for a few best sellers, so that 领券中心, the product page's 领券 row and checkout's
 * coupon sheet show real choices.
 */
export async function seedCoupons(app: FastifyInstance): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_coupons', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const stores = await db
    .selectFrom('product')
    .select(['store_id', (eb) => eb.fn.sum<number>('sales').as('sales')])
    .where('status', '=', 1)
    .groupBy('store_id')
    .orderBy('sales', 'desc')
    .limit(8)
    .execute();
  const categories = await db
    .selectFrom('product')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 1)
    .groupBy('category_id')
    .orderBy('n', 'desc')
    .limit(2)
    .execute();
  const products = await db
    .selectFrom('product')
    .select(['id', 'store_id'])
    .where('status', '=', 1)
    .orderBy('sales', 'desc')
    .limit(4)
    .execute();
  const templates: CouponTemplateBody[] = [
    ...PLATFORM,
    ...stores.map(
      (s, i): CouponTemplateBody => ({
        name: '店铺满减券',
        kind: 'full',
        scope: 'store',
        storeId: s.store_id,
        threshold: i % 2 ? 9900 : 4900,
        amount: i % 2 ? 1000 : 500,
        validDays: 15,
        total: 100_000,
        perUser: 1,
      }),
    ),
    ...categories.map(
      (c): CouponTemplateBody => ({
        name: '品类专享券',
        kind: 'full',
        scope: 'category',
        scopeIds: [c.category_id],
        threshold: 15000,
        amount: 2000,
        validDays: 15,
        total: 50_000,
        perUser: 1,
      }),
    ),
    ...products.map(
      (p): CouponTemplateBody => ({
        name: '爆款立减券',
        kind: 'free',
        scope: 'product',
        storeId: p.store_id,
        scopeIds: [p.id],
        threshold: 0,
        amount: 300,
        validDays: 7,
        total: 20_000,
        perUser: 1,
      }),
    ),
  ];
  for (const t of templates) await app.couponModule.coupons.createTemplate(t);
  return templates.length;
}
