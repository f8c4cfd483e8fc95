// A year of orders: lines on hot products by heavy buyers, the groups, payments and the ledger's
// postings (a recharge per buyer, each payment, each refund), the after-sales, the commissions
// of the promotion tree, and the wallets' balances. Runs on a pinned connection whose
// session_replication_role is `replica` (foreign keys not checked row by row, as pg_restore).
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/database.ts';
import type { Counts } from './counts.ts';
import { raw, skewed } from './sql-shapes.ts';

/** Ledger account ids: wallet:u = u, points:u = users + u, store:s = 2 × users + s, then these. */
export const accountIds = (c: Counts) => ({
  points: (u: string) => `(${c.users}::int + ${u})`,
  store: (s: string) => `(${2 * c.users}::int + ${s})`,
  gateway: 2 * c.users + c.stores + 1,
  pointsBudget: 2 * c.users + c.stores + 2,
});

export async function seedLedgerAccounts(db: Db, c: Counts) {
  const a = accountIds(c);
  await sql`insert into ledger_account (id, code, kind, user_id) overriding system value
    select u, 'wallet:' || u, 'wallet', u from generate_series(1, ${c.users}::int) u
    union all
    select ${raw(a.points('u'))}, 'points:' || u, 'points', u from generate_series(1, ${c.users}::int) u
    union all
    select ${raw(a.store('s'))}, 'store:' || s, 'merchant', null from generate_series(1, ${c.stores}::int) s
    union all select ${a.gateway}, 'gateway:alipay', 'gateway', null
    union all select ${a.pointsBudget}, 'revenue:points', 'revenue', null`.execute(db);
  await sql`select setval(pg_get_serial_sequence('ledger_account', 'id'), ${a.pointsBudget}::int)`.execute(
    db,
  );
}

export async function seedOrders(db: Db, c: Counts) {
  const k = c.skusPerProduct;
  // Order g: 1 line, a second every 4th order, a third every 12th; each line a hot product.
  await sql`
    insert into order_item (order_id, product_id, sku_id, title, sku_name, image, price, quantity)
    select g, p.id, s.id, p.title, s.name, '/assets/p.png', s.price, 1 + (g % 7 = 0)::int
    from generate_series(1, ${c.orders}::int) g
      cross join generate_series(1, 3) j
      cross join lateral (select ${raw(skewed('g * 3 + j', 7, c.products, 3))} as pid) h
      join product p on p.id = h.pid
      join sku s on s.id = (h.pid - 1) * ${k}::int + 1 + (g + j) % ${k}::int
    where j = 1 or (j = 2 and g % 4 = 0) or (j = 3 and g % 12 = 0)`.execute(db);
  // Paid at a steady pace over the year; the last days still on their way (unshipped,
  // unreceived, unevaluated), every 20th cancelled unpaid; 3 in 5 paid from the wallet.
  await sql`
    with lines as (
      select order_id as g, sum(price * quantity)::int as goods from order_item group by order_id
    ), o as (
      select g, goods, case when goods >= 9900 then 0 else 800 end as ship,
        ${raw(skewed('g', 1, c.users, 2))} as user_id, 1 + g % ${c.stores}::int as store_id,
        at, case when g % 20 = 0 then 'cancelled'
          when at > now() - interval '2 days' then 'unshipped'
          when at > now() - interval '6 days' then 'unreceived'
          when at > now() - interval '15 days' then 'unevaluated' else 'finished' end as status,
        case when g % 5 < 3 then 'balance' else 'alipay' end as pay_method,
        'SP' || lpad(g::text, 12, '0') as payment_no
      from lines, lateral (select now() - interval '365 days' * (1 - g::double precision / ${c.orders}::int) as at) t
    ), grp as (
      insert into order_group (id, group_no, user_id, client_key, total_amount, created_at)
      overriding system value
      select g, 'PS' || lpad(g::text, 12, '0'), user_id, 'scale-' || g, goods + ship, at from o
      returning id
    ), pay as (
      insert into payment (payment_no, user_id, purpose, order_ids, amount, channel, status,
        created_at, finished_at)
      select payment_no, user_id, 'order', jsonb_build_array(g), goods + ship, pay_method,
        'succeeded', at, at
      from o where status <> 'cancelled'
      returning id
    )
    insert into shop_order (id, order_no, group_id, user_id, store_id, status, goods_amount,
      shipping_fee, pay_amount, address, pay_method, payment_no, carrier, tracking_no,
      expires_at, paid_at, shipped_at, received_at, cancelled_at, cancel_reason, live_room_id,
      created_at, updated_at)
    overriding system value
    select g, 'SO' || lpad(g::text, 12, '0'), g, user_id, store_id, status, goods, ship,
      goods + ship,
      jsonb_build_object('id', 1, 'name', '潮友', 'phone', '13912345678', 'province', '浙江省',
        'city', '杭州市', 'district', '西湖区', 'detail', '文三路100号',
        'fullAddress', '浙江省杭州市西湖区文三路100号'),
      case when status <> 'cancelled' then pay_method end,
      case when status <> 'cancelled' then payment_no end,
      case when status not in ('cancelled', 'unshipped') then 'SF' end,
      case when status not in ('cancelled', 'unshipped') then 'SF' || lpad(g::text, 12, '0') end,
      at + interval '30 minutes', case when status <> 'cancelled' then at end,
      case when status not in ('cancelled', 'unshipped') then at + interval '1 day' end,
      case when status in ('unevaluated', 'finished') then at + interval '4 days' end,
      case when status = 'cancelled' then at + interval '30 minutes' end,
      case when status = 'cancelled' then '超时未支付' end,
      case when g % 10 = 3 then 1 + g % ${c.rooms}::int end, at, at
    from o`.execute(db);
  for (const t of ['order_group', 'shop_order']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), ${c.orders}::int)`.execute(db);
  }
  await sql`
    update product p set sales = s.n
    from (select product_id, sum(quantity)::int as n from order_item group by product_id) s
    where p.id = s.product_id`.execute(db);
}

/** Every 10th order's first line asked back: 7 in 10 refunded to the wallet, the rest open or closed. */
export async function seedAftersales(db: Db, c: Counts) {
  const step = Math.max(1, Math.floor(c.orders / c.aftersales));
  await sql`
    insert into refund (order_id, order_item_id, user_id, store_id, order_no, sku_id, title,
      sku_name, image, price, quantity, type, status, amount, reason, refund_to, reject_reason,
      created_at, updated_at, refunded_at)
    select o.id, i.id, o.user_id, o.store_id, o.order_no, i.sku_id, i.title, i.sku_name, i.image,
      i.price, i.quantity, case when o.id % 7 = 0 then 'return' else 'refund' end, st,
      i.price * i.quantity, '不想要了', 'balance', case when st = 'rejected' then '商品已使用' end,
      o.paid_at + interval '1 day', o.paid_at + interval '2 days',
      case when st = 'refunded' then o.paid_at + interval '2 days' end
    from shop_order o
      cross join lateral (select * from order_item where order_id = o.id order by id limit 1) i
      cross join lateral (select (array['refunded','refunded','refunded','refunded','refunded',
        'refunded','refunded','pending','rejected','cancelled'])[1 + (o.id / ${step}::int) % 10] as st) s
    where o.paid_at is not null and o.id % ${step}::int = ${Math.min(5, step - 1)}::int`.execute(
    db,
  );
}

/** Postings: each payment, each refund to the wallet, a recharge that leaves every wallet full. */
export async function seedPostings(db: Db, c: Counts) {
  const a = accountIds(c);
  // Ids follow time as in a live ledger: the recharges (txn u), then the payments (users + g).
  // A year ago each buyer topped up what they later paid from the wallet, and 5,000 yuan more.
  await sql`insert into ledger_txn (id, kind, ref, memo, created_at) overriding system value
    select u, 'recharge', 'RC' || u, '', now() - interval '366 days'
    from generate_series(1, ${c.users}::int) u`.execute(db);
  await sql`
    insert into ledger_entry (txn_id, account_id, amount, created_at)
    select u, x.account, x.amount, now() - interval '366 days'
    from generate_series(1, ${c.users}::int) u
      left join (select user_id, sum(pay_amount)::bigint as s from shop_order
                 where paid_at is not null and pay_method = 'balance' group by user_id) spent
        on spent.user_id = u
      cross join lateral (select coalesce(spent.s, 0) + 500000 as amount) amt
      cross join lateral (values (u, amt.amount), (${a.gateway}::int, -amt.amount)) x(account, amount)
    order by u`.execute(db);
  await sql`insert into ledger_txn (id, kind, ref, memo, created_at) overriding system value
    select ${c.users}::int + id, 'order_pay', payment_no,
      case when pay_method = 'balance' then '余额支付订单' else '在线支付订单' end, paid_at
    from shop_order where paid_at is not null`.execute(db);
  await sql`select setval(pg_get_serial_sequence('ledger_txn', 'id'), ${c.users + c.orders}::int)`.execute(
    db,
  );
  await sql`insert into ledger_entry (txn_id, account_id, amount, created_at)
    select ${c.users}::int + o.id, x.account, x.amount, o.paid_at
    from shop_order o
      cross join lateral (values
        (case when o.pay_method = 'balance' then o.user_id else ${a.gateway}::int end, -o.pay_amount, 1),
        (${raw(a.store('o.store_id'))}, o.pay_amount, 2)) x(account, amount, k)
    where o.paid_at is not null and o.pay_amount > 0
    order by o.id, x.k`.execute(db);
  await sql`
    with t as (
      insert into ledger_txn (kind, ref, memo, created_at)
      select 'refund', refund_no, '售后退款', refunded_at from refund where status = 'refunded'
      order by refunded_at
      returning id, ref
    )
    insert into ledger_entry (txn_id, account_id, amount, created_at)
    select t.id, x.account, x.amount, r.refunded_at
    from t join refund r on r.refund_no = t.ref
      cross join lateral (values (r.user_id, r.amount), (${raw(a.store('r.store_id'))}, -r.amount)) x(account, amount)
    order by t.id`.execute(db);
}

/** Level-1 commissions on every 4th paid order of a member with a parent, level 2 on every 8th. */
export async function seedCommissions(db: Db) {
  await sql`
    insert into commission (order_item_id, level, beneficiary_id, buyer_id, order_id, order_no,
      product_id, title, image, base, rate_bp, amount, state, created_at, frozen_at, settle_at,
      settled_at)
    select i.id, l.level, l.beneficiary, o.user_id, o.id, o.order_no, i.product_id, i.title,
      i.image, i.price * i.quantity, l.bp, i.price * i.quantity * l.bp / 10000, st.state,
      o.paid_at, case when st.state <> 'pending' then o.received_at end,
      case when st.state <> 'pending' then o.received_at + interval '7 days' end,
      case when st.state = 'settled' then o.received_at + interval '7 days' end
    from shop_order o
      join promo_user pu on pu.user_id = o.user_id
      cross join lateral (select * from order_item where order_id = o.id order by id limit 1) i
      cross join lateral (values (1, pu.parent_id, 1000), (2, pu.grandparent_id, 500)) l(level, beneficiary, bp)
      cross join lateral (select case when o.received_at is null then 'pending'
        when o.received_at > now() - interval '7 days' then 'frozen' else 'settled' end as state) st
    where o.paid_at is not null and o.id % 4 = 0 and l.beneficiary is not null
      and (l.level = 1 or o.id % 8 = 0)`.execute(db);
}

export async function settleBalances(db: Db) {
  await sql`
    update ledger_account a set balance = s.b
    from (select account_id, sum(amount)::bigint as b from ledger_entry group by account_id) s
    where a.id = s.account_id`.execute(db);
}
