// The data of bench:team (my-team.ts): a promoter with DIRECT direct and INDIRECT indirect members
// and COMMISSIONS commissions earned from them, seeded in bulk with SQL (generate_series) into a
// migrated database. Exported for the bench and for poking at plans by hand.
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/database.ts';

export const DIRECT = Number(process.env.DIRECT ?? 10_000);
export const INDIRECT = Number(process.env.INDIRECT ?? 100_000);
export const COMMISSIONS = Number(process.env.COMMISSIONS ?? 20_000);

/** Ids: the promoter, its direct members (DIRECT_BASE + g) and indirect ones (INDIRECT_BASE + h). */
export const PROMOTER = 1000;
export const PROMOTER_PHONE = '13700000000';
export const DIRECT_BASE = 1000;
export const INDIRECT_BASE = 20_000;

/** 3 in 10 members chose a name from this list (the rest keep 潮友_xxxxxx); 小雨 is the keyword. */
export const NAMES = (
  '小雨 阿杰 晴天 糖糖 大熊 木子 一一 七七 橙子 果果 阿明 小鱼 安安 乐乐 米粒 豆豆 阳光 微笑 向日葵 小白 ' +
  '可乐 布丁 花花 小路 阿良 春风 芒果 静静 星星 海燕 老王 小陈 林林 芳芳 悠悠 丫丫 小杨 红梅 建国 秀英'
).split(' ');

// ---------------------------------------------------------------------------------------------
// The data

/** Every member's app_user and promo_user row, the promoter's counts, and 20,000 commissions. */
export async function seed(db: Db, { analyze = true } = {}) {
  const t0 = performance.now();
  const names = `array[${NAMES.map((n) => `'${n}'`).join(',')}]`;
  // Phones: 8 digits from a multiplicative hash of the id (unique), after one of 9 prefixes.
  const phone = (id: string) =>
    sql.raw(
      `'1' || (array['35','36','38','39','50','58','77','86','88'])[${id} % 9 + 1] || lpad(((${id}::bigint * 7919) % 100000000)::text, 8, '0')`,
    );
  const nickname = (id: string) =>
    sql.raw(
      `case when ${id} % 10 < 3 then (${names})[(${id} / 10) % ${NAMES.length} + 1] || case when ${id} % 4 = 0 then '' else (${id} % 97)::text end else '潮友_' || substr(md5(${id}::text), 1, 6) end`,
    );
  await sql`
    insert into app_user (id, phone, nickname, avatar)
    overriding system value
    values (${PROMOTER}, ${PROMOTER_PHONE}, '潮品团长', '/assets/avatars/0.svg')`.execute(db);
  await sql`
    insert into app_user (id, phone, nickname, avatar, created_at)
    overriding system value
    select id, ${phone('id')}, ${nickname('id')}, '/assets/avatars/' || (id % 8) || '.svg',
      timestamptz '2025-05-01 00:00+08' + id * interval '1 minute'
    from (select ${DIRECT_BASE} + g as id from generate_series(1, ${DIRECT}::int) g
          union all
          select ${INDIRECT_BASE} + h from generate_series(1, ${INDIRECT}::int) h) ids`.execute(db);
  await sql`select setval(pg_get_serial_sequence('app_user', 'id'), (select max(id) from app_user))`.execute(
    db,
  );
  // The promoter, then direct members (bound every 20 minutes from 2025-06-01, 10 invitees each),
  // then indirect ones: member h under direct member (h − 1) % DIRECT + 1, bound after it.
  await sql`
    insert into promo_user (user_id, invite_code, identity, identity_source, identity_at,
      direct_count, indirect_count, created_at)
    values (${PROMOTER}, 'BENCHTM0', 'promoter', 'operator', timestamptz '2025-05-20 10:00+08',
      ${DIRECT}, ${INDIRECT}, timestamptz '2025-05-20 10:00+08')`.execute(db);
  await sql`
    insert into promo_user (user_id, invite_code, parent_id, bound_at, identity, identity_source,
      identity_at, member_until, direct_count, indirect_count, created_at)
    select ${DIRECT_BASE} + g, 'D' || lpad(g::text, 7, '0'), ${PROMOTER}, b,
      case when g % 20 = 0 then 'promoter' end, case when g % 20 = 0 then 'upgrade' end,
      case when g % 20 = 0 then b + interval '3 days' end,
      case when g % 7 = 0 then timestamptz '2027-01-01 00:00+08' end,
      (${INDIRECT}::int / ${DIRECT}::int) + case when g <= ${INDIRECT}::int % ${DIRECT}::int then 1 else 0 end,
      0, b
    from generate_series(1, ${DIRECT}::int) g,
      lateral (select timestamptz '2025-06-01 00:00+08' + g * interval '20 minutes' as b) t`.execute(
    db,
  );
  await sql`
    insert into promo_user (user_id, invite_code, parent_id, grandparent_id, bound_at, identity,
      identity_source, identity_at, member_until, created_at)
    select ${INDIRECT_BASE} + h, 'I' || lpad(h::text, 7, '0'), ${DIRECT_BASE} + (h - 1) % ${DIRECT}::int + 1,
      ${PROMOTER}, b,
      case when h % 50 = 0 then 'promoter' end, case when h % 50 = 0 then 'upgrade' end,
      case when h % 50 = 0 then b + interval '3 days' end,
      case when h % 11 = 0 then timestamptz '2027-01-01 00:00+08' end, b
    from generate_series(1, ${INDIRECT}::int) h,
      lateral (select timestamptz '2025-06-01 00:00+08' + ((h - 1) % ${DIRECT}::int + 1) * interval '20 minutes'
        + ((h - 1) / ${DIRECT}::int + 1) * interval '3 hours 7 minutes' + (h % 13) * interval '1 second' as b) t`.execute(
    db,
  );

  // One store, product and SKU; one order group, order and line per commission (ids = g).
  await sql`insert into store (id, name, logo) overriding system value values (1, '潮品自营', '/assets/logo.png')`.execute(
    db,
  );
  await sql`insert into category (id, name, icon) overriding system value values (1, '服饰', '/assets/c.png')`.execute(
    db,
  );
  await sql`
    insert into product (id, store_id, category_id, title, main_image, price, origin_price)
    overriding system value values (1, 1, 1, '潮品纯棉T恤', '/assets/p.png', 9900, 12900)`.execute(
    db,
  );
  await sql`
    insert into sku (id, product_id, name, price, origin_price, stock, image)
    overriding system value values (1, 1, '白色 L', 9900, 12900, 1000000, '/assets/p.png')`.execute(
    db,
  );
  for (const t of ['store', 'category', 'product', 'sku']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), 1)`.execute(db);
  }
  // Commission g: the first 60 % of level 1 (direct member (g − 1) % DIRECT + 1), the rest of
  // level 2 (indirect members spread over the whole team by a multiplicative hash), over the
  // 14 months of the team's life.
  const l1 = Math.round(COMMISSIONS * 0.6);
  const buyer = sql.raw(
    `case when g <= ${l1} then ${DIRECT_BASE} + (g - 1) % ${DIRECT} + 1 else ${INDIRECT_BASE} + ((g - ${l1})::bigint * 7919) % ${INDIRECT} + 1 end`,
  );
  const at = sql.raw(`timestamptz '2025-06-02 00:00+08' + g * interval '30 minutes'`);
  await sql`
    insert into order_group (id, user_id, client_key, total_amount, created_at)
    overriding system value
    select g, ${buyer}, 'bench-team-' || g, 9900, ${at} from generate_series(1, ${COMMISSIONS}::int) g`.execute(
    db,
  );
  await sql`
    insert into shop_order (id, order_no, group_id, user_id, store_id, status, goods_amount,
      shipping_fee, pay_amount, address, pay_method, expires_at, paid_at, created_at)
    overriding system value
    select g, 'BT' || lpad(g::text, 12, '0'), g, ${buyer}, 1, 'finished', 9900, 0, 9900,
      '{"name":"压测","phone":"13912345678","detail":"文三路100号"}'::jsonb, 'balance',
      ${at} + interval '30 minutes', ${at}, ${at}
    from generate_series(1, ${COMMISSIONS}::int) g`.execute(db);
  await sql`
    insert into order_item (id, order_id, product_id, sku_id, title, sku_name, image, price, quantity)
    overriding system value
    select g, g, 1, 1, '潮品纯棉T恤', '白色 L', '/assets/p.png', 9900, 1
    from generate_series(1, ${COMMISSIONS}::int) g`.execute(db);
  for (const t of ['order_group', 'shop_order', 'order_item']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), ${COMMISSIONS}::int)`.execute(db);
  }
  await sql`
    insert into commission (order_item_id, level, beneficiary_id, buyer_id, order_id, order_no,
      product_id, title, image, base, rate_bp, amount, state, created_at, frozen_at, settle_at,
      settled_at, voided_at)
    select g, case when g <= ${l1} then 1 else 2 end, ${PROMOTER}, ${buyer}, g,
      'BT' || lpad(g::text, 12, '0'), 1, '潮品纯棉T恤', '/assets/p.png', 9900,
      case when g <= ${l1} then 1000 else 500 end, case when g <= ${l1} then 990 else 495 end,
      s, ${at}, case when s in ('frozen', 'settled') then ${at} + interval '3 days' end,
      case when s in ('frozen', 'settled') then ${at} + interval '10 days' end,
      case when s = 'settled' then ${at} + interval '10 days' end,
      case when s = 'void' then ${at} + interval '1 day' end
    from generate_series(1, ${COMMISSIONS}::int) g,
      lateral (select (array['void','settled','settled','settled','settled','settled','frozen','frozen','pending','pending'])[g % 10 + 1] as s) st`.execute(
    db,
  );
  // A steady state, as PostgreSQL's autovacuum keeps it: statistics, and the visibility map
  // (index-only scans). The embedded server never runs VACUUM or ANALYZE (PGlite has no
  // autovacuum): { analyze: false } leaves the tables as it would.
  for (const t of analyze
    ? ['app_user', 'promo_user', 'commission', 'shop_order', 'order_item', 'order_group']
    : []) {
    await sql.raw(`vacuum analyze ${t}`).execute(db);
  }
  const counts = await sql<{ direct: number; indirect: number; commissions: number }>`
    select (select count(*) from promo_user where parent_id = ${PROMOTER})::int as direct,
      (select count(*) from promo_user where grandparent_id = ${PROMOTER})::int as indirect,
      (select count(*) from commission where beneficiary_id = ${PROMOTER})::int as commissions`.execute(
    db,
  );
  const c = counts.rows[0]!;
  if (c.direct !== DIRECT || c.indirect !== INDIRECT || c.commissions !== COMMISSIONS) {
    throw new Error(`seeded ${JSON.stringify(c)}`);
  }
  console.log(
    `seeded ${c.direct} direct + ${c.indirect} indirect members, ${c.commissions} commissions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
