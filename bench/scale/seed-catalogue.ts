// Stores, categories, products with their SKUs and pictures, the buyers, and the promotion tree.
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/database.ts';
import { type Counts, OPERATOR_PHONE } from './counts.ts';
import { ADJECTIVES, NOUNS, pick, raw, rnd } from './sql-shapes.ts';

/** Top-level categories, each with CHILDREN leaves that hold the products. */
export const TOP_CATEGORIES = ['服饰', '鞋包', '美妆', '数码', '家居', '运动', '母婴', '食品'];
const CHILDREN = 6;
export const LEAF_CATEGORIES = TOP_CATEGORIES.length * CHILDREN;
/** A leaf's id: leaves follow the top categories (ids 1..8). */
export const leafId = (i: number) => TOP_CATEGORIES.length + 1 + (i % LEAF_CATEGORIES);

const price = (p: string) => `(990 + ((${p}) * 37 % 300) * 100)`;

export async function seedCatalogue(db: Db, c: Counts) {
  const tops = TOP_CATEGORIES.map(
    (name, i) => sql`(${i + 1}, null, ${name}, '/assets/c.png', ${i})`,
  );
  await sql`insert into category (id, parent_id, name, icon, sort) overriding system value
    values ${sql.join(tops)}`.execute(db);
  await sql`insert into category (id, parent_id, name, icon, sort) overriding system value
    select ${TOP_CATEGORIES.length} + g, 1 + (g - 1) / ${CHILDREN}::int,
      ${raw(pick(NOUNS, 'g'))} || '专区' || g, '/assets/c.png', g
    from generate_series(1, ${LEAF_CATEGORIES}::int) g`.execute(db);
  await sql`insert into store (id, name, logo, description) overriding system value
    select s, '潮品店铺' || s, '/assets/logo.png', '一年老店'
    from generate_series(1, ${c.stores}::int) s`.execute(db);
  // Product p: store p % stores, a leaf category, an adjective-noun title; 5 pictures each
  // (product.images); sales filled from the orders later. Newer products have higher ids.
  await sql`insert into product (id, store_id, category_id, title, subtitle, main_image, images,
      price, origin_price, created_at, updated_at)
    overriding system value
    select p, 1 + p % ${c.stores}::int, ${TOP_CATEGORIES.length} + 1 + p % ${LEAF_CATEGORIES}::int,
      ${raw(pick(ADJECTIVES, 'p / 7'))} || ${raw(pick(NOUNS, 'p'))} || ' ' || p || '号',
      '店铺热卖 · 包邮', '/assets/p.png',
      jsonb_build_array('/assets/p1.png', '/assets/p2.png', '/assets/p3.png', '/assets/p4.png',
        '/assets/p5.png'),
      ${raw(price('p'))}, ${raw(price('p'))} * 2, t, t
    from generate_series(1, ${c.products}::int) p,
      lateral (select now() - interval '365 days' * (1 - p::double precision / ${c.products}::int) as t) x`.execute(
    db,
  );
  // SKU (p − 1) × k + j: size j of product p, the first at the product's price.
  await sql`insert into sku (id, product_id, name, specs, price, origin_price, stock, image)
    overriding system value
    select (p - 1) * ${c.skusPerProduct}::int + j, p, s.name, jsonb_build_object('尺码', s.name),
      ${raw(price('p'))} + (j - 1) * 500, (${raw(price('p'))} + (j - 1) * 500) * 2, 100000,
      '/assets/p.png'
    from generate_series(1, ${c.products}::int) p,
      generate_series(1, ${c.skusPerProduct}::int) j,
      lateral (select (array['S','M','L','XL','XXL'])[j] as name) s`.execute(db);
  // Buyers registered over the year; the operator signs in by SMS.
  await sql`insert into app_user (id, phone, nickname, avatar, created_at) overriding system value
    select id, '13' || lpad(id::text, 9, '0'), '潮友_' || substr(md5(id::text), 1, 6),
      '/assets/avatars/' || (id % 8) || '.svg',
      now() - interval '365 days' * ${raw(rnd('id', 11))}
    from generate_series(1, ${c.users}::int) id`.execute(db);
  await sql`insert into app_user (id, phone, nickname, avatar, role) overriding system value
    values (${c.users + 1}, ${OPERATOR_PHONE}, '平台运营', '/assets/avatars/0.svg', 'admin')`.execute(
    db,
  );
  for (const t of ['category', 'store', 'product', 'sku', 'app_user']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select max(id) from ${sql.table(t)}))`.execute(
      db,
    );
  }
}

/**
 * Member u (the first `members` users) joined under parent(u): a tenth under 1 + u % 100, i.e.
 * one of the 10 top promoters 1, 11, …, 91 (~members / 100 direct members each), the rest under
 * u / 3 (a chain as deep as log₃ of the members: deep teams); the grandparent is the parent's
 * parent. Users 1-100 are the roots, all promoters.
 */
export async function seedPromotionTree(db: Db, c: Counts) {
  const parent = (u: string) =>
    `case when ${u} <= 100 then null when ${u} % 10 = 0 then 1 + ${u} % 100 else ${u} / 3 end`;
  await sql`
    insert into promo_user (user_id, invite_code, parent_id, grandparent_id, bound_at, identity,
      identity_source, identity_at, member_until, created_at)
    select u, 'M' || lpad(u::text, 8, '0'), p, ${raw(parent('p'))}, b,
      case when u <= 100 or u % 50 = 0 then 'promoter' end,
      case when u <= 100 or u % 50 = 0 then 'upgrade' end,
      case when u <= 100 or u % 50 = 0 then b end,
      case when u % 7 = 0 then now() + interval '200 days' end, b
    from generate_series(1, ${c.members}::int) u,
      lateral (select ${raw(parent('u'))} as p) pp,
      lateral (select now() - interval '360 days' * (1 - u::double precision / ${c.members}::int) as b) bb`.execute(
    db,
  );
  await sql`
    update promo_user p set direct_count = d.n
    from (select parent_id, count(*)::int as n from promo_user where parent_id is not null
          group by parent_id) d
    where p.user_id = d.parent_id`.execute(db);
  await sql`
    update promo_user p set indirect_count = d.n
    from (select grandparent_id, count(*)::int as n from promo_user
          where grandparent_id is not null group by grandparent_id) d
    where p.user_id = d.grandparent_id`.execute(db);
}
