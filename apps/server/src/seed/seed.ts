import { hash } from '@node-rs/argon2';
import type { Db } from '../database.ts';
import type { Deps } from '../deps.ts';
import type { BlobStore } from '../platform/blob-store.ts';
import { buildDemoPlan, type DemoPlan } from './seed-plan.ts';

/** Bump when the demo data changes shape; an install seeded with an older version keeps its data. */
const SEED_VERSION = '1';
const SEED_META_KEY = 'demo_seed';

export const DEMO_ADMIN = {
  phone: '13800000000',
  password: 'Admin@123456',
  nickname: '潮品运营',
  avatar: '/assets/avatars/0.svg',
} as const;

/** The demo's first store's console people: its 商家 (owner) and a 客服 agent. */
export const DEMO_STORE_STAFF = [
  {
    phone: '13800000001',
    password: 'Shop@123456',
    nickname: '潮品旗舰店店长',
    avatar: '/assets/avatars/1.svg',
    role: 'owner',
  },
  {
    phone: '13800000002',
    password: 'Kefu@123456',
    nickname: '潮品旗舰店客服小潮',
    avatar: '/assets/avatars/2.svg',
    role: 'agent',
  },
] as const;

export interface SeedCounts {
  stores: number;
  categories: number;
  products: number;
  skus: number;
}

/** Keeps PostgreSQL's bind-parameter limit (65535) far away however large a batch grows. */
const INSERT_CHUNK = 400;
/** Enough parallel writes to hide disk latency without exhausting file handles. */
const BLOB_CONCURRENCY = 16;

const homeClassifyLink = (categoryId: number) =>
  `/pages/homeClassify/homeClassify?id=${categoryId}`;

/** The first store's 商家 and 客服, who log in to the console with their phone and password. */
async function seedStoreStaff(trx: Db): Promise<void> {
  const store = await trx.selectFrom('store').select('id').orderBy('id').executeTakeFirst();
  if (!store) return;
  for (const person of DEMO_STORE_STAFF) {
    const user = await trx
      .insertInto('app_user')
      .values({
        phone: person.phone,
        nickname: person.nickname,
        avatar: person.avatar,
        password_hash: await hash(person.password),
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) continue;
    await trx
      .insertInto('staff_member')
      .values({ user_id: user.id, role: person.role, store_id: store.id, permissions: null })
      .execute();
  }
}

async function isSeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', SEED_META_KEY)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes every image and returns key → public URL. Keys are deterministic, so a rerun overwrites. */
async function writeBlobs(
  blobs: BlobStore,
  items: DemoPlan['blobs'],
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (!item) return;
      urls.set(item.key, await blobs.put(item.key, Buffer.from(item.svg), 'image/svg+xml'));
    }
  };
  await Promise.all(Array.from({ length: BLOB_CONCURRENCY }, worker));
  return urls;
}

function chunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts the plan; returns the counts. Runs inside the caller's transaction. */
async function insertCatalogue(trx: Db, plan: DemoPlan, url: (key: string) => string) {
  const storeRows = await trx
    .insertInto('store')
    .values(
      plan.stores.map((s) => ({ name: s.name, description: s.description, logo: url(s.logoKey) })),
    )
    .returning(['id', 'name'])
    .execute();
  const storeIdByName = new Map(storeRows.map((r) => [r.name, r.id]));
  const storeIds = plan.stores.map((s) => storeIdByName.get(s.name) ?? 0);

  const topRows = await trx
    .insertInto('category')
    .values(
      plan.categories.map((c, i) => ({ name: c.name, icon: url(c.iconKey), sort: (i + 1) * 10 })),
    )
    .returning(['id', 'name'])
    .execute();
  const topIdByName = new Map(topRows.map((r) => [r.name, r.id]));
  const topIds = plan.categories.map((c) => topIdByName.get(c.name) ?? 0);

  const leafRows = await trx
    .insertInto('category')
    .values(
      plan.categories.flatMap((c, ti) =>
        c.children.map((leaf, li) => ({
          parent_id: topIds[ti] ?? null,
          name: leaf.name,
          icon: url(leaf.iconKey),
          sort: (li + 1) * 10,
        })),
      ),
    )
    .returning(['id', 'parent_id', 'name'])
    .execute();
  // (parent, name) is unique, so it maps rows back without relying on RETURNING order.
  const leafIdByKey = new Map(leafRows.map((r) => [`${r.parent_id}/${r.name}`, r.id]));
  const leafId = (ti: number, li: number) =>
    leafIdByKey.get(`${topIds[ti]}/${plan.categories[ti]?.children[li]?.name}`) ?? 0;

  // The main image URL is unique per product, so it maps returned ids back to the plan.
  const productIdByImage = new Map<string, number>();
  for (const batch of chunks(plan.products)) {
    const rows = await trx
      .insertInto('product')
      .values(
        batch.map((p) => ({
          store_id: storeIds[p.storeIndex] ?? 0,
          category_id: leafId(p.top, p.leaf),
          title: p.title,
          subtitle: p.subtitle,
          detail: p.detail,
          main_image: url(p.imageKeys[0] ?? ''),
          images: JSON.stringify(p.imageKeys.map(url)),
          price: p.price,
          origin_price: p.originPrice,
          sales: p.sales,
          status: p.status,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })),
      )
      .returning(['id', 'main_image'])
      .execute();
    for (const row of rows) productIdByImage.set(row.main_image, row.id);
  }

  const skuRows = plan.products.flatMap((p) => {
    const productId = productIdByImage.get(url(p.imageKeys[0] ?? '')) ?? 0;
    return p.skus.map((s) => ({
      product_id: productId,
      name: s.name,
      specs: JSON.stringify(s.specs),
      price: s.price,
      origin_price: s.originPrice,
      stock: s.stock,
      image: url(p.imageKeys[s.imageIndex] ?? p.imageKeys[0] ?? ''),
      free_shipping: p.freeShipping,
    }));
  });
  for (const batch of chunks(skuRows)) await trx.insertInto('sku').values(batch).execute();

  const topId = (ti: number) => topIds[ti] ?? 0;
  await trx
    .insertInto('banner')
    .values(
      plan.banners.map((b, i) => ({
        title: b.title,
        image: url(b.imageKey),
        link: homeClassifyLink(topId(b.top)),
        sort: (i + 1) * 10,
      })),
    )
    .execute();
  await trx
    .insertInto('menu_entry')
    .values(
      plan.menu.map((m, i) => ({
        name: m.name,
        icon: url(m.iconKey),
        link: homeClassifyLink(topId(m.top)),
        sort: (i + 1) * 10,
      })),
    )
    .execute();

  return {
    stores: storeRows.length,
    categories: topRows.length + leafRows.length,
    products: productIdByImage.size,
    skus: skuRows.length,
  };
}

/**
 * Seeds the demo catalogue and the operator account once per database. Images are written
 * first (outside the transaction, since the db blob store uses its own connection); the rows go
 * in one transaction that also claims the `demo_seed` marker, so concurrent starts of several
 * nodes seed exactly once and a crash never leaves half a catalogue.
 * Returns null when the database was already seeded.
 */
export async function seedDemo(deps: Deps): Promise<SeedCounts | null> {
  if (await isSeeded(deps.db)) return null;
  const plan = buildDemoPlan(new Date());
  const urls = await writeBlobs(deps.blobs, plan.blobs);
  const url = (key: string) => {
    const found = urls.get(key);
    if (!found) throw new Error(`seed image not written: ${key}`);
    return found;
  };
  // A production install gets an operator account only with a password of its own.
  const adminPassword =
    deps.config.ADMIN_PASSWORD ??
    (deps.config.NODE_ENV === 'production' ? undefined : DEMO_ADMIN.password);
  const adminPasswordHash = adminPassword ? await hash(adminPassword) : undefined;

  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: SEED_META_KEY, value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return null;
    const counts = await insertCatalogue(trx, plan, url);
    if (!adminPasswordHash) return counts;
    await trx
      .insertInto('app_user')
      .values({
        phone: DEMO_ADMIN.phone,
        nickname: DEMO_ADMIN.nickname,
        avatar: DEMO_ADMIN.avatar,
        role: 'admin',
        password_hash: adminPasswordHash,
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
    await seedStoreStaff(trx);
    return counts;
  });
}
