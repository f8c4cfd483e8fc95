import type { FastifyInstance } from 'fastify';

/**
 * The demo's 598 upgrade package: a gift-box product (its picture borrowed from a seeded
 * product) marked as an upgrade package, so 598礼包升级 has something to buy. Once per install.
 */
export async function seedPromotion(app: FastifyInstance): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_promotion', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const model = await db
    .selectFrom('product')
    .select(['store_id', 'category_id', 'main_image'])
    .where('status', '=', 1)
    .orderBy('sales', 'desc')
    .executeTakeFirst();
  if (!model) return 0;
  const price = app.deps.config.UPGRADE_PRICE;
  const product = await db
    .insertInto('product')
    .values({
      store_id: model.store_id,
      category_id: model.category_id,
      title: '推广员升级礼包 · 精选好物大礼盒',
      subtitle: '购买即升级推广员，享两级推广佣金',
      main_image: model.main_image,
      images: JSON.stringify([model.main_image]),
      price,
      origin_price: price,
      detail: '<p>礼盒内含精选好物，支付成功即升级为推广员。</p>',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sku')
    .values({
      product_id: product.id,
      name: '升级礼盒',
      specs: JSON.stringify({ 规格: '升级礼盒' }),
      price,
      origin_price: price,
      stock: 100_000,
      image: model.main_image,
    })
    .execute();
  await app.promotionModule.addPackage(product.id);
  return 1;
}
