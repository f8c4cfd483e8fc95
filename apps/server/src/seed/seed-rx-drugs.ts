import type { FastifyInstance } from 'fastify';

/**
 * 处方药 of the demo's pharmacy: a demo user asks a pharmacist for a follow-up (复诊), the
 * pharmacist prescribes these SKUs, and the user buys them with 去购药 (never without).
 */
const RX_DRUGS = [
  {
    title: '苯磺酸氨氯地平片',
    subtitle: '处方药 · 凭处方购买 · 用于高血压',
    color: '#1E88E5',
    skus: [
      { name: '5mg×7片', price: 1580 },
      { name: '5mg×28片', price: 5200 },
    ],
  },
  {
    title: '盐酸二甲双胍缓释片',
    subtitle: '处方药 · 凭处方购买 · 用于2型糖尿病',
    color: '#43A047',
    skus: [{ name: '0.5g×30片', price: 2350 }],
  },
  {
    title: '阿莫西林胶囊',
    subtitle: '处方药 · 凭处方购买 · 抗感染用药',
    color: '#F4511E',
    skus: [{ name: '0.25g×24粒', price: 1290 }],
  },
] as const;

/** A box picture without a price: the product's own name and the Rx mark only. */
const boxSvg = (title: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="#F5F7FA"/>
  <rect x="90" y="150" width="420" height="300" rx="24" fill="#FFFFFF" stroke="${color}" stroke-width="8"/>
  <rect x="90" y="150" width="420" height="70" rx="24" fill="${color}"/>
  <text x="300" y="198" font-size="36" text-anchor="middle" fill="#FFFFFF">Rx 处方药</text>
  <text x="300" y="330" font-size="40" text-anchor="middle" fill="#333333">${title}</text>
</svg>`;

/** The pharmacy store and its 处方药, once per install. Answers the products added. */
export async function seedRxDrugs(app: FastifyInstance): Promise<number> {
  const { db, blobs } = app.deps;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_rx_drugs', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const store = await db
    .insertInto('store')
    .values({
      name: '潮品大药房',
      logo: '/assets/avatars/3.svg',
      description: '执业药师在线复诊开方',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await db
    .insertInto('category')
    // Last among the categories: a shopper browsing 分类 starts on everyday goods, not 处方药.
    .values({ name: '处方药', icon: '/assets/avatars/3.svg', sort: 10_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, d] of RX_DRUGS.entries()) {
    const image = await blobs.put(
      `seed/rx-drug-${i}.svg`,
      Buffer.from(boxSvg(d.title, d.color)),
      'image/svg+xml',
    );
    const low = Math.min(...d.skus.map((s) => s.price));
    const product = await db
      .insertInto('product')
      .values({
        store_id: store.id,
        category_id: category.id,
        title: d.title,
        subtitle: d.subtitle,
        main_image: image,
        images: JSON.stringify([image]),
        price: low,
        origin_price: low,
        rx: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sku')
      .values(
        d.skus.map((s) => ({
          product_id: product.id,
          name: s.name,
          specs: JSON.stringify({ 规格: s.name }),
          price: s.price,
          origin_price: s.price,
          stock: 500,
          image,
        })),
      )
      .execute();
  }
  return RX_DRUGS.length;
}
