// What a year leaves besides orders: chats with the stores' 客服, live rooms with their shelves
// and gifts, coupons issued, daily sign-ins (the points bill), carts and delivery addresses.
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/database.ts';
import type { Counts } from './counts.ts';
import { accountIds } from './seed-orders.ts';
import { raw, rnd, skewed } from './sql-shapes.ts';

/**
 * Conversations between buyers (heavy ones chat most) and stores' 客服 accounts (store_<id>),
 * `messagesPerConversation` messages each on average, alternating sides, over the year.
 */
export async function seedChats(db: Db, c: Counts) {
  const wanted = Math.max(1, Math.round(c.messages / c.messagesPerConversation));
  await sql`create temp table scale_conv as
    select (row_number() over (order by u, s))::int as c, u::text as buyer, 'store_' || s as store,
      'c:' || u || '|store_' || s as conv_key
    from (select distinct ${raw(skewed('g', 17, c.users, 2))} as u,
            ${raw(skewed('g', 19, c.stores, 2))} as s
          from generate_series(1, ${wanted}::int) g) d`.execute(db);
  const n = Number(
    (await sql<{ n: number }>`select count(*)::int as n from scale_conv`.execute(db)).rows[0]?.n,
  );
  const start = Date.now() - 365 * 86_400_000;
  const span = 365 * 86_400_000;
  // Message m: conversation 1 + (m − 1) % n, sequence 1 + (m − 1) / n; later m, later time.
  await sql`
    insert into im_message (conv_key, seq, msg_id, conv_type, from_id, to_id, random, time_ms,
      type, payload, nick, avatar)
    select v.conv_key, q, v.conv_key || '#' || q, 'C2C', f.from_id, f.to_id, m,
      ${start}::bigint + (m::double precision / ${c.messages}::int * ${span}::bigint)::bigint,
      'TIMTextElem',
      jsonb_build_object('text', case when q % 2 = 1 then '你好，这件还有货吗？' else '亲，有货的，今天下单明天发货' end),
      '', ''
    from generate_series(1, ${c.messages}::int) m
      cross join lateral (select 1 + (m - 1) % ${n}::int as ci, 1 + (m - 1) / ${n}::int as q) x
      join scale_conv v on v.c = x.ci
      cross join lateral (select case when q % 2 = 1 then v.buyer else v.store end as from_id,
        case when q % 2 = 1 then v.store else v.buyer end as to_id) f`.execute(db);
  await sql`insert into im_seq (conv_key, last_seq, last_ms)
    select conv_key, max(seq), max(time_ms) from im_message group by conv_key`.execute(db);
  // Both sides' rows; the buyer read all but the last reply of every 5th conversation.
  await sql`insert into im_conversation (user_id, conv_key, conversation_id, read_seq, read_ms,
      last_ms)
    select side.user_id, v.conv_key, 'C2C' || side.peer,
      case when v.c % 5 = 0 and side.user_id = v.buyer then s.last_seq - 1 else s.last_seq end,
      s.last_ms, s.last_ms
    from scale_conv v join im_seq s on s.conv_key = v.conv_key
      cross join lateral (values (v.buyer, v.store), (v.store, v.buyer)) side(user_id, peer)`.execute(
    db,
  );
  await sql`insert into im_profile (user_id, nick, avatar, updated_ms)
    select id::text, nickname, avatar, 0 from app_user
    where id in (select buyer::int from scale_conv)
    union all
    select 'store_' || id, name, logo, 0 from store`.execute(db);
  await sql`drop table scale_conv`.execute(db);
}

/** Hosts 101.. each with one room: the first 1 % (at least 2) live now, the rest ended. */
export async function seedLive(db: Db, c: Counts) {
  const live = Math.max(2, Math.round(c.rooms / 100));
  await sql`insert into live_host (user_id, status, intro, sort_id, followers, created_at,
      reviewed_at)
    select 100 + r, 'approved', '每晚八点开播', s.id, (r * 37) % 5000, now() - interval '300 days',
      now() - interval '300 days'
    from generate_series(1, ${c.rooms}::int) r
      join (select id, (row_number() over (order by id))::int - 1 as i, count(*) over () as n
            from live_sort) s on s.i = r % s.n`.execute(db);
  await sql`insert into live_room (id, host_id, title, cover, sort_id, state, notice_at,
      started_at, ended_at, pinned_product_id, peak_online, viewers, likes)
    overriding system value
    select r, h.user_id, '潮品直播间' || r, '/assets/live.png', h.sort_id,
      case when r <= ${live}::int then 'live' else 'ended' end, t, t,
      case when r > ${live}::int then t + interval '3 hours' end,
      ${raw(skewed('r', 23, c.products, 3))}, 50 + (r * 13) % 3000, 500 + (r * 97) % 50000,
      (r * 131) % 100000
    from generate_series(1, ${c.rooms}::int) r
      join live_host h on h.user_id = 100 + r,
      lateral (select case when r <= ${live}::int then now() - interval '1 hour'
        else now() - interval '360 days' * ${raw(rnd('r', 29))} end as t) tt`.execute(db);
  await sql`select setval(pg_get_serial_sequence('live_room', 'id'), ${c.rooms}::int)`.execute(db);
  await sql`insert into live_shelf (room_id, product_id, status, sort)
    select distinct on (r, p) r, p, case when j = 1 then 'shown' else 'onSale' end, j
    from generate_series(1, ${c.rooms}::int) r, generate_series(1, 10) j,
      lateral (select ${raw(skewed('r * 10 + j', 31, c.products, 2))} as p) pp`.execute(db);
  await sql`insert into live_gift_send (room_id, host_id, user_id, gift_id, count, amount,
      host_share, client_key, created_at)
    select r.id, r.host_id, ${raw(skewed('g', 37, c.users, 2))}, gf.id, 1 + g % 3,
      gf.price * (1 + g % 3), gf.price * (1 + g % 3) / 2, 'scale-gift-' || g,
      r.started_at + interval '1 minute' * (g % 180)
    from generate_series(1, ${c.rooms * c.giftsPerRoom}::int) g
      join live_room r on r.id = 1 + (g - 1) % ${c.rooms}::int
      join (select id, price, (row_number() over (order by id))::int - 1 as i,
              count(*) over () as n from live_gift) gf on gf.i = g % gf.n`.execute(db);
  await sql`update live_room r set gift_count = s.n, gift_amount = s.a
    from (select room_id, sum(count)::int as n, sum(amount)::bigint as a from live_gift_send
          group by room_id) s
    where r.id = s.room_id`.execute(db);
}

/** 20 platform templates; coupon g issued to a buyer (heavy ones hold more), 2 in 5 used on an order. */
export async function seedCoupons(db: Db, c: Counts) {
  await sql`insert into coupon_template (id, name, kind, scope, threshold, amount, rate, cap,
      valid_days, total, issued, per_user, audience, claimable)
    overriding system value
    select t, '满' || (t * 10 + 50) || '减' || (t + 5), 'full', 'platform', (t * 10 + 50) * 100,
      (t + 5) * 100, 0, 0, 30, 10000000, 0, 1000, 'all', true
    from generate_series(1, 20) t`.execute(db);
  await sql`select setval(pg_get_serial_sequence('coupon_template', 'id'), 20)`.execute(db);
  await sql`insert into user_coupon (template_id, user_id, status, valid_from, valid_to, group_id,
      source, claimed_at, used_at)
    select 1 + g % 20, uu.user_id, case when o.id is null then 'unused' else 'used' end, t,
      t + interval '30 days', o.id, 'claim', t, case when o.id is not null then t end
    from generate_series(1, ${c.coupons}::int) g
      cross join lateral (select now() - interval '365 days' * (1 - g::double precision / ${c.coupons}::int) as t) tt
      cross join lateral (select ${raw(skewed('g', 41, c.users, 2))} as buyer) b
      left join shop_order o on g % 5 < 2 and o.id = 1 + (g * 5) % ${c.orders}::int
        and o.paid_at is not null
      cross join lateral (select coalesce(o.user_id, b.buyer) as user_id) uu`.execute(db);
  await sql`update coupon_template t set issued = s.n
    from (select template_id, count(*)::int as n from user_coupon group by template_id) s
    where t.id = s.template_id`.execute(db);
}

/**
 * Sign-ins: the most active 2 % of buyers (at least 10) signed in every day for as long as
 * the sign-ins last (orders / 2 of them), a posting each.
 */
export async function seedSignins(db: Db, c: Counts) {
  const signers = Math.max(10, Math.round(c.users / 50));
  const total = Math.round(c.orders / 2);
  const a = accountIds(c);
  await sql`insert into points_signin (user_id, day, streak, points, created_at)
    select u, d, 1 + (s - 1) / ${signers}::int % 30, 5, d::timestamptz + interval '9 hours'
    from generate_series(1, ${total}::int) s,
      lateral (select 1 + (s - 1) % ${signers}::int as u,
        (now() at time zone 'Asia/Shanghai')::date - ((s - 1) / ${signers}::int) as d) x`.execute(
    db,
  );
  await sql`
    with t as (
      insert into ledger_txn (kind, ref, memo, created_at)
      select 'signin', user_id || ':' || day, '每日签到', created_at from points_signin
      order by created_at, user_id
      returning id, ref, created_at
    )
    insert into ledger_entry (txn_id, account_id, amount, created_at)
    select t.id, x.account, x.amount, t.created_at
    from t cross join lateral (select split_part(t.ref, ':', 1)::int as u) uu
      cross join lateral (values (${raw(a.points('uu.u'))}, 5), (${a.pointsBudget}::int, -5)) x(account, amount)
    order by t.id`.execute(db);
}

/** An address for every buyer; a cart of 1-5 lines for the first tenth. */
export async function seedCartsAndAddresses(db: Db, c: Counts) {
  await sql`insert into user_address (user_id, name, phone, province_code, province, city_code,
      city, district_code, district, detail, is_default)
    select u, '潮友', '13912345678', '330000', '浙江省', '330100', '杭州市', '330106', '西湖区',
      '文三路' || u || '号', true
    from generate_series(1, ${c.users}::int) u`.execute(db);
  const skus = c.products * c.skusPerProduct;
  await sql`insert into cart_item (user_id, sku_id, quantity, title, image, sku_name)
    select u, s.id, 1, p.title, '/assets/p.png', s.name
    from generate_series(1, ${Math.max(10, Math.round(c.users / 10))}::int) u
      cross join generate_series(1, 5) j
      join sku s on s.id = 1 + ((u * 31 + j * 7919) % ${skus}::int)
      join product p on p.id = s.product_id
    where j <= 1 + u % 5
    on conflict do nothing`.execute(db);
}
