import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;

/** Claims a once-per-install seed step; false when an earlier start did it. */
async function claim(app: FastifyInstance, key: string): Promise<boolean> {
  const row = await app.deps.db
    .insertInto('app_meta')
    .values({ key, value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The demo's points mall (two coupons, two red packets, bought with sign-in points; two products
 * of the demo catalogue, one for points, one for points + cash) and batches of redeem codes (100
 * points; a product). Codes are random like any batch: the seed exports each batch once and
 * answers its codes for the server log of that start (demo data only, the points codes first),
 * after which only their hashes exist. Each part once per install (the products part also on an
 * install seeded before it existed); null when nothing was seeded.
 */
export async function seedRedeem(app: FastifyInstance): Promise<string[] | null> {
  const codes = [...((await seedBasics(app)) ?? []), ...((await seedProducts(app)) ?? [])];
  return codes.length ? codes : null;
}

/** Two products of the demo catalogue (the cheapest in stock) in the mall and as a code batch. */
async function seedProducts(app: FastifyInstance): Promise<string[] | null> {
  const skus = await app.deps.db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 'p.title'])
    .where('p.status', '=', 1)
    .where('s.stock', '>', 0)
    .orderBy('s.price')
    .orderBy('s.id')
    .limit(2)
    .execute();
  const [first, second] = skus;
  // A catalogue without products (tests) gets none; a later start with one does.
  if (!first || !(await claim(app, 'demo_redeem_products'))) return null;
  const { exchange } = app.exchangeModule;
  await exchange.createItem({
    title: first.title.slice(0, 40),
    kind: 'product',
    skuId: first.id,
    points: 500,
    stock: 20,
    perUserLimit: 1,
  });
  if (second) {
    await exchange.createItem({
      title: second.title.slice(0, 40),
      kind: 'product',
      skuId: second.id,
      points: 200,
      cash: 990,
      stock: 50,
      perUserLimit: 2,
    });
  }
  const { redeem } = app.redeemModule;
  const batch = await redeem.createBatch({
    name: '演示兑换码·免费领商品',
    kind: 'product',
    skuId: first.id,
    count: 3,
    expiresAt: new Date(Date.now() + 90 * DAY_MS).toISOString(),
  });
  return (await redeem.exportBatch(batch.id)).codes;
}

async function seedBasics(app: FastifyInstance): Promise<string[] | null> {
  if (!(await claim(app, 'demo_redeem'))) return null;
  const { coupons } = app.couponModule;
  const small = await coupons.createTemplate({
    name: '积分兑换·满30减5',
    kind: 'full',
    scope: 'platform',
    threshold: 3000,
    amount: 500,
    validDays: 30,
    total: 100_000,
    perUser: 20,
    claimable: false,
  });
  const big = await coupons.createTemplate({
    name: '积分兑换·满99减20',
    kind: 'full',
    scope: 'platform',
    threshold: 9900,
    amount: 2000,
    validDays: 30,
    total: 100_000,
    perUser: 20,
    claimable: false,
  });
  const { exchange } = app.exchangeModule;
  await exchange.createItem({
    title: '满30减5元优惠券',
    kind: 'coupon',
    couponTemplateId: small,
    points: 10,
    stock: 1000,
    perUserLimit: 5,
  });
  await exchange.createItem({
    title: '满99减20元优惠券',
    kind: 'coupon',
    couponTemplateId: big,
    points: 200,
    stock: 200,
    perUserLimit: 2,
  });
  await exchange.createItem({
    title: '2元无门槛红包',
    kind: 'redpacket',
    amount: 200,
    points: 50,
    stock: 500,
    perUserLimit: 3,
  });
  await exchange.createItem({
    title: '10元红包',
    kind: 'redpacket',
    amount: 1000,
    points: 300,
    stock: 50,
    perUserLimit: 1,
  });
  const { redeem } = app.redeemModule;
  const batch = await redeem.createBatch({
    name: '演示兑换码·100积分',
    kind: 'points',
    amount: 100,
    count: 5,
    expiresAt: new Date(Date.now() + 90 * DAY_MS).toISOString(),
  });
  return (await redeem.exportBatch(batch.id)).codes;
}
