import type { FastifyInstance } from 'fastify';
import { productGallery } from './illustrations/gallery.ts';

const TITLE = '推广员升级礼包 · 精选好物大礼盒';

/** The package's own pictures: a gift box captioned with its own name, never another product's. */
const giftBoxGallery = () =>
  productGallery(
    {
      seq: 0,
      title: TITLE,
      art: 'gift-box',
      name: '精选好物大礼盒',
      points: ['购买即升级推广员', '两级推广佣金', '精选好物礼盒装'],
      badge: '礼包',
      colours: [],
      specLine: '规格 升级礼盒',
      scene: 'living',
      sceneLine: '好礼送到家',
    },
    3,
  );

/**
 * The demo's 598 upgrade package: a gift-box product with pictures of its own, marked as an upgrade package, so 598礼包升级 has something to buy. Once per install.
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
    .select(['store_id', 'category_id'])
    .where('status', '=', 1)
    .orderBy('sales', 'desc')
    .executeTakeFirst();
  if (!model) return 0;
  const price = app.deps.config.UPGRADE_PRICE;
  const images = await Promise.all(
    giftBoxGallery().map((svg, n) =>
      app.deps.blobs.put(`seed/promotion/gift-${n + 1}.svg`, Buffer.from(svg), 'image/svg+xml'),
    ),
  );
  const mainImage = images[0] ?? '';
  const product = await db
    .insertInto('product')
    .values({
      store_id: model.store_id,
      category_id: model.category_id,
      title: TITLE,
      subtitle: '购买即升级推广员，享两级推广佣金',
      main_image: mainImage,
      images: JSON.stringify(images),
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
      image: mainImage,
    })
    .execute();
  await app.promotionModule.addPackage(product.id);
  return 1;
}
