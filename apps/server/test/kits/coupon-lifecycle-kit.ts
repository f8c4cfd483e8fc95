// Test support for coupon-lifecycle.property.test.ts: a small shop with coupon templates, buyers
// with money, the HTTP calls the actions make, and the invariants read back from the database.
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE_PER_STORE } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { get, makeAdmin, post } from './aftersale-kit.ts';
import { type Buyer, clientKey, makeBuyer, makeProduct, topUp } from './order-kit.ts';

export const PAY_PASSWORD = '135790';

export interface Sku {
  skuId: number;
  productId: number;
  storeId: number;
  price: number;
}

export interface Shop {
  admin: string;
  stores: [number, number];
  /** Store 1: ¥25 (two SKUs), ¥60; store 2: ¥39, ¥12. */
  skus: Sku[];
  /** Templates by name (each buyer may claim 100 of each). */
  templates: Record<TemplateName, number>;
}

export type TemplateName =
  | 'platformFull'
  | 'platformRate'
  | 'store1Full'
  | 'store1Free'
  | 'store2Rate'
  | 'productPlatform'
  | 'productStore2';
export const TEMPLATE_NAMES: TemplateName[] = [
  'platformFull',
  'platformRate',
  'store1Full',
  'store1Free',
  'store2Rate',
  'productPlatform',
  'productStore2',
];
/** A template made for each run, for claim races: few in all, two a user. */
export const LIMITED = { total: 3, perUser: 2 };

/** Two stores, five SKUs and the templates (created through the operator's API). */
export async function makeShop(app: FastifyInstance): Promise<Shop> {
  const admin = await makeAdmin(app);
  const p1 = await makeProduct(app, { price: 2500, stock: 100_000, skus: 2 });
  const p2 = await makeProduct(app, { price: 6000, stock: 100_000, storeId: p1.storeId });
  const p3 = await makeProduct(app, { price: 3900, stock: 100_000 });
  const p4 = await makeProduct(app, { price: 1200, stock: 100_000, storeId: p3.storeId });
  const s1 = p1.storeId;
  const s2 = p3.storeId;
  const skus: Sku[] = [
    { skuId: p1.skuIds[0] as number, productId: p1.productId, storeId: s1, price: 2500 },
    { skuId: p1.skuIds[1] as number, productId: p1.productId, storeId: s1, price: 2500 },
    { skuId: p2.skuIds[0] as number, productId: p2.productId, storeId: s1, price: 6000 },
    { skuId: p3.skuIds[0] as number, productId: p3.productId, storeId: s2, price: 3900 },
    { skuId: p4.skuIds[0] as number, productId: p4.productId, storeId: s2, price: 1200 },
  ];
  const common = { validDays: 30, total: 1_000_000, perUser: 100 };
  const bodies: Record<TemplateName, Record<string, unknown>> = {
    // 满50减10 (platform)
    platformFull: {
      name: '平台满减',
      kind: 'full',
      scope: 'platform',
      threshold: 5000,
      amount: 1000,
    },
    // 8.5折 最高减¥12 (platform)
    platformRate: {
      name: '平台折扣',
      kind: 'discount',
      scope: 'platform',
      threshold: 0,
      rate: 85,
      cap: 1200,
    },
    // 满30减5 (store 1)
    store1Full: {
      name: '店铺满减',
      kind: 'full',
      scope: 'store',
      storeId: s1,
      threshold: 3000,
      amount: 500,
    },
    // 无门槛减30 (store 1): can take a ¥25 line to zero
    store1Free: {
      name: '店铺大额',
      kind: 'free',
      scope: 'store',
      storeId: s1,
      threshold: 0,
      amount: 3000,
    },
    // 9折 no cap (store 2)
    store2Rate: {
      name: '店铺折扣',
      kind: 'discount',
      scope: 'store',
      storeId: s2,
      threshold: 0,
      rate: 90,
    },
    // 满60减8 on the ¥60 product, paid by the platform
    productPlatform: {
      name: '商品券',
      kind: 'full',
      scope: 'product',
      scopeIds: [p2.productId],
      threshold: 6000,
      amount: 800,
    },
    // 无门槛减5 on the ¥39 product, store 2's
    productStore2: {
      name: '店铺商品券',
      kind: 'free',
      scope: 'product',
      storeId: s2,
      scopeIds: [p3.productId],
      threshold: 0,
      amount: 500,
    },
  };
  const templates = {} as Record<TemplateName, number>;
  for (const name of TEMPLATE_NAMES) {
    const res = await post<{ id: number }>(app, 'admin/coupon/template', admin, {
      ...common,
      ...bodies[name],
    });
    if (res.status !== 200) throw new Error(`template ${name}: ${JSON.stringify(res.body)}`);
    templates[name] = res.body.data.id;
  }
  return { admin, stores: [s1, s2], skus, templates };
}

/** A new limited template (platform, 无门槛减2): LIMITED.total in all, LIMITED.perUser each. */
export async function makeLimited(app: FastifyInstance, admin: string): Promise<number> {
  const res = await post<{ id: number }>(app, 'admin/coupon/template', admin, {
    name: '限量券',
    kind: 'free',
    scope: 'platform',
    threshold: 0,
    amount: 200,
    validDays: 30,
    ...LIMITED,
  });
  if (res.status !== 200) throw new Error(`limited template: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A buyer with a pay password and ¥5000 in the wallet. */
export async function makeRichBuyer(app: FastifyInstance): Promise<Buyer> {
  const b = await makeBuyer(app);
  await topUp(app, b.token, 500_000);
  return b;
}

export interface Preview {
  couponIds: number[];
  totalAmount: number;
  discountAmount: number;
  platformDiscount: number;
  redPacketDeduction: number;
  useRedPacket: boolean;
}

export type Placed = { payNo: string; orderNos: string[]; payAmount: number };

export function preview(
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  extra: { couponIds?: number[]; useRedPacket: boolean },
) {
  return post<Preview>(app, 'order/preview', b.token, {
    items,
    addressId: b.addressId,
    ...extra,
  });
}

export function place(
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  extra: { couponIds?: number[]; useRedPacket: boolean },
) {
  return post<Placed>(app, 'order/newAdd', b.token, {
    clientKey: clientKey(),
    addressId: b.addressId,
    items,
    ...extra,
  });
}

export const pay = (app: FastifyInstance, b: Buyer, no: string) =>
  post<{ orderNos: string[]; payAmount: number }>(app, 'order/newBalancePay', b.token, {
    orderNo: no,
    payPassword: PAY_PASSWORD,
  });

export const cancel = (app: FastifyInstance, b: Buyer, no: string) =>
  post(app, 'order/cancel', b.token, { orderNo: no });

export const ship = (app: FastifyInstance, admin: string, orderNo: string) =>
  post(app, 'admin/order/ship', admin, {
    orderNo,
    carrier: '顺丰速运',
    trackingNo: 'SF1234567890',
  });

export const quote = (app: FastifyInstance, b: Buyer, orderNo: string, skuId: number) =>
  get<{ maxAmount: number; fullRequired: boolean }>(app, 'order/queryRefundMoney', b.token, {
    orderNo,
    skuId,
  });

/** Applies for a 仅退款 of `amount` on a line and has the merchant approve it. */
export async function refund(
  app: FastifyInstance,
  admin: string,
  b: Buyer,
  orderNo: string,
  skuId: number,
  amount: number,
) {
  const applied = await post<{ refundNo: string }>(app, 'order/refundApply', b.token, {
    orderNo,
    skuId,
    amount,
    type: 'refund',
    reason: '不想要了',
  });
  if (applied.status !== 200) return applied;
  return post(app, 'admin/refund/approve', admin, { refundNo: applied.body.data.refundNo });
}

// ---------------------------------------------------------------------------------------------
// Reading the database

export interface OrderRow {
  id: number;
  order_no: string;
  group_id: number;
  group_no: string;
  user_id: number;
  store_id: number;
  status: string;
  goods_amount: number;
  shipping_fee: number;
  discount_amount: number;
  platform_discount: number;
  redpacket_amount: number;
  pay_amount: number;
  paid_at: Date | null;
  shipped_at: Date | null;
  created_at: Date;
}

export async function ordersOf(app: FastifyInstance, groupNo: string): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select o.id, o.order_no, o.group_id, g.group_no, o.user_id, o.store_id, o.status,
      o.goods_amount, o.shipping_fee, o.discount_amount, o.platform_discount, o.redpacket_amount,
      o.pay_amount, o.paid_at, o.shipped_at, o.created_at
    from shop_order o join order_group g on g.id = o.group_id
    where g.group_no = ${groupNo} order by o.id`.execute(app.deps.db);
  return rows;
}

export async function linesOf(app: FastifyInstance, orderId: number) {
  return app.deps.db
    .selectFrom('order_item')
    .select(['id', 'sku_id', 'price', 'quantity', 'discount', 'redpacket'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The coupon rows (coupon → amount) of these orders. */
export async function couponRowsOf(app: FastifyInstance, orderIds: number[]) {
  if (!orderIds.length) return [];
  return app.deps.db
    .selectFrom('order_coupon')
    .select(['order_id', 'coupon_id', 'amount'])
    .where('order_id', 'in', orderIds)
    .execute();
}

export async function couponsOfUser(app: FastifyInstance, userId: number) {
  return app.deps.db
    .selectFrom('user_coupon')
    .select(['id', 'status', 'group_id', 'valid_to'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function redPacketBalance(app: FastifyInstance, userId: number): Promise<number> {
  return app.orderModule.ledger.redPacketBalanceOf(userId);
}

export async function walletBalance(app: FastifyInstance, userId: number): Promise<number> {
  return app.orderModule.ledger.balanceOf(userId);
}

// ---------------------------------------------------------------------------------------------
// Invariants

/** A submit's coupon, as the test's model knows it: the orders it went into. */
export type CouponModel = Map<number, number[]>;

/** Closed without the buyer having kept it: cancelled unpaid, or refunded whole before shipping. */
export const voided = (o: { status: string; paid_at: Date | null; shipped_at: Date | null }) =>
  o.status === 'cancelled' && (o.paid_at === null || o.shipped_at === null);

const n = (v: unknown) => Number(v ?? 0);

/**
 * The invariants of coupons, red packets, orders and the ledger. Rows of users (orders, lines,
 * coupons, red-packet and wallet balances) are checked for `userIds`; the platform's accounts
 * (stores, coupon budget, red-packet budget and hold, every ledger account and transaction) over
 * the whole database. `model` is what the run expects of the coupons it placed. Answers the
 * violations (empty: all hold); each message stays the same while its rows do not change.
 */
export async function violations(
  app: FastifyInstance,
  scope: { userIds: number[]; model: CouponModel },
): Promise<string[]> {
  const db = app.deps.db;
  const out: string[] = [];
  const bad = (s: string) => out.push(s);
  const users = scope.userIds.length ? scope.userIds : [0];
  const inUsers = sql.join(users);

  // (2) Orders: amounts add up, line by line.
  const { rows: orders } = await sql<
    OrderRow & {
      goods: string;
      line_discount: string;
      line_platform: string;
      line_red: string;
      over_lines: string;
      platform_over: string;
    }
  >`
    select o.id, o.order_no, o.group_id, o.user_id, o.store_id, o.status, o.goods_amount,
      o.shipping_fee, o.discount_amount, o.platform_discount, o.redpacket_amount, o.pay_amount,
      o.paid_at, o.shipped_at, o.created_at,
      sum(i.price * i.quantity) as goods, sum(i.discount) as line_discount,
      sum(i.platform_discount) as line_platform, sum(i.redpacket) as line_red,
      count(*) filter (where i.discount + i.redpacket > i.price * i.quantity
        or i.discount < 0 or i.redpacket < 0) as over_lines,
      count(*) filter (where i.platform_discount > i.discount or i.platform_discount < 0)
        as platform_over
    from shop_order o join order_item i on i.order_id = o.id
    where o.user_id in (${inUsers})
    group by o.id order by o.id`.execute(db);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  for (const o of orders) {
    const at = `order ${o.order_no} (${o.status})`;
    if (o.pay_amount !== o.goods_amount - o.discount_amount - o.redpacket_amount + o.shipping_fee) {
      bad(
        `${at}: pay ${o.pay_amount} != goods ${o.goods_amount} - discount ${o.discount_amount} - red packet ${o.redpacket_amount} + shipping ${o.shipping_fee}`,
      );
    }
    if (o.goods_amount !== n(o.goods)) bad(`${at}: goods ${o.goods_amount} != Σ lines ${o.goods}`);
    if (o.discount_amount !== n(o.line_discount)) {
      bad(`${at}: discount ${o.discount_amount} != Σ line discounts ${o.line_discount}`);
    }
    if (o.platform_discount !== n(o.line_platform)) {
      bad(`${at}: platform discount ${o.platform_discount} != Σ lines ${o.line_platform}`);
    }
    if (o.redpacket_amount !== n(o.line_red)) {
      bad(`${at}: red packet ${o.redpacket_amount} != Σ line red packets ${o.line_red}`);
    }
    if (n(o.over_lines) > 0) bad(`${at}: a line's discount + red packet exceeds its amount`);
    if (n(o.platform_over) > 0) bad(`${at}: a line's platform discount exceeds its discount`);
    const shipping = o.goods_amount >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE_PER_STORE;
    if (o.shipping_fee !== shipping) bad(`${at}: shipping ${o.shipping_fee}, expected ${shipping}`);
    if (o.pay_amount < 0) bad(`${at}: negative pay amount`);
  }

  // (5) Coupon rows of orders: per live order they add up to its discounts.
  const { rows: couponRows } = await sql<{
    order_id: number;
    coupon_id: number;
    amount: number;
    coupon_user: number;
    platform: boolean;
  }>`
    select oc.order_id, oc.coupon_id, oc.amount, uc.user_id as coupon_user,
      (t.store_id is null) as platform
    from order_coupon oc
    join user_coupon uc on uc.id = oc.coupon_id
    join coupon_template t on t.id = uc.template_id
    where uc.user_id in (${inUsers})
    order by oc.coupon_id, oc.order_id`.execute(db);
  const perOrder = new Map<number, { all: number; platform: number }>();
  const perCoupon = new Map<number, typeof couponRows>();
  for (const r of couponRows) {
    const s = perOrder.get(r.order_id) ?? { all: 0, platform: 0 };
    s.all += r.amount;
    if (r.platform) s.platform += r.amount;
    perOrder.set(r.order_id, s);
    const list = perCoupon.get(r.coupon_id) ?? [];
    list.push(r);
    perCoupon.set(r.coupon_id, list);
    const o = orderById.get(r.order_id);
    if (!o)
      bad(
        `coupon ${r.coupon_id} of user ${r.coupon_user} is on another user's order ${r.order_id}`,
      );
    if (r.amount <= 0) bad(`coupon ${r.coupon_id} took ${r.amount} off order ${r.order_id}`);
  }
  for (const o of orders) {
    if (o.status === 'cancelled') continue;
    const s = perOrder.get(o.id) ?? { all: 0, platform: 0 };
    if (s.all !== o.discount_amount) {
      bad(
        `order ${o.order_no} (${o.status}): Σ coupon rows ${s.all} != discount ${o.discount_amount}`,
      );
    }
    if (s.platform !== o.platform_discount) {
      bad(
        `order ${o.order_no} (${o.status}): Σ platform coupon rows ${s.platform} != platform discount ${o.platform_discount}`,
      );
    }
  }

  // (1) Each coupon is in one state, consistent with the orders it went into.
  const coupons = await db
    .selectFrom('user_coupon')
    .select(['id', 'user_id', 'status', 'group_id'])
    .where('user_id', 'in', users)
    .orderBy('id')
    .execute();
  const couponById = new Map(coupons.map((c) => [c.id, c]));
  const describe = (os: OrderRow[]) =>
    os
      .map(
        (o) =>
          `${o.order_no}(${o.status}${o.paid_at ? ', paid' : ''}${o.shipped_at ? ', shipped' : ''})`,
      )
      .join(', ');
  for (const c of coupons) {
    const rows = perCoupon.get(c.id) ?? [];
    const withOrders = rows.flatMap((r) => {
      const o = orderById.get(r.order_id);
      return o ? [o] : [];
    });
    const live = withOrders.filter((o) => o.status !== 'cancelled');
    const at = `coupon ${c.id} (${c.status}, group ${c.group_id})`;
    if (!['unused', 'held', 'used'].includes(c.status)) bad(`${at}: unknown status`);
    if ((c.status === 'unused') !== (c.group_id === null))
      bad(`${at}: group does not match status`);
    if (c.status === 'unused') {
      if (live.length) bad(`${at}: unused but on live order(s) ${describe(live)}`);
      else if (rows.length) {
        bad(`${at}: unused but order_coupon still ties it to ${describe(withOrders)}`);
      }
    } else {
      const mine = withOrders.filter((o) => o.group_id === c.group_id);
      const strays = live.filter((o) => o.group_id !== c.group_id);
      if (!mine.length) bad(`${at}: no order of its group has it`);
      if (strays.length) bad(`${at}: also on live orders of other submits ${describe(strays)}`);
      const paid = mine.some((o) => o.paid_at !== null);
      if (c.status === 'held' && paid) bad(`${at}: held but an order of its submit was paid`);
      if (c.status === 'held' && !mine.some((o) => o.status === 'unpaid')) {
        bad(`${at}: held but no order of its submit is unpaid: ${describe(mine)}`);
      }
      if (c.status === 'used' && !paid) bad(`${at}: used but no order of its submit was paid`);
      if (mine.length && mine.every(voided)) {
        bad(`${at}: every order of its submit is void but it did not come back: ${describe(mine)}`);
      }
    }
    // Never used twice: at most one submit paid for with it and kept.
    const kept = withOrders.filter((o) => o.paid_at !== null && !voided(o));
    if (new Set(kept.map((o) => o.group_id)).size > 1) {
      bad(`coupon ${c.id}: paid for and kept by two submits: ${describe(kept)}`);
    }
  }

  // The model: what each coupon the run placed should be by the intended rules.
  for (const [couponId, orderIds] of scope.model) {
    const c = couponById.get(couponId);
    const os = orderIds.flatMap((id) => orderById.get(id) ?? []);
    if (!c) continue;
    const expected = os.every(voided)
      ? 'unused'
      : os.some((o) => o.paid_at !== null)
        ? 'used'
        : 'held';
    if (c.status !== expected) {
      bad(`coupon ${couponId}: ${c.status}, expected ${expected} from its orders ${describe(os)}`);
    }
    if (expected === 'unused') scope.model.delete(couponId);
  }
  for (const c of coupons) {
    if (c.status !== 'unused' && !scope.model.has(c.id)) {
      bad(`coupon ${c.id}: ${c.status} though every order it went into is void`);
    }
  }

  // Templates: issued exactly what exists, within the total and per-user limits.
  const { rows: templates } = await sql<{
    id: number;
    issued: number;
    total: number;
    per_user: number;
    n: string;
    most: string | null;
  }>`
    select t.id, t.issued, t.total, t.per_user, coalesce(sum(x.c), 0) as n, max(x.c) as most
    from coupon_template t
    left join (select template_id, user_id, count(*) as c from user_coupon
      group by template_id, user_id) x on x.template_id = t.id
    group by t.id`.execute(db);
  for (const t of templates) {
    if (n(t.n) !== t.issued) bad(`template ${t.id}: issued ${t.issued} but ${t.n} coupons exist`);
    if (t.issued > t.total) bad(`template ${t.id}: issued ${t.issued} > total ${t.total}`);
    if (n(t.most) > t.per_user) bad(`template ${t.id}: a user holds ${t.most} > ${t.per_user}`);
  }
  const { rows: claimCounts } = await sql<{ template_id: number; user_id: number; d: string }>`
    select cc.template_id, cc.user_id, cc.claimed - count(uc.id) as d
    from coupon_claim_count cc
    left join user_coupon uc on uc.template_id = cc.template_id and uc.user_id = cc.user_id
    where cc.user_id in (${inUsers})
    group by cc.template_id, cc.user_id, cc.claimed`.execute(db);
  for (const r of claimCounts) {
    if (n(r.d) !== 0)
      bad(`claim count of template ${r.template_id} user ${r.user_id} off by ${r.d}`);
  }

  // (3) The ledger: balances are their entries, transactions balance, no negative wallet.
  const { rows: accounts } = await sql<{
    id: number;
    code: string;
    kind: string;
    balance: string;
    entries: string;
  }>`
    select a.id, a.code, a.kind, a.balance, coalesce(e.s, 0) as entries
    from ledger_account a
    left join (select account_id, sum(amount) as s from ledger_entry group by account_id) e
      on e.account_id = a.id
    order by a.id`.execute(db);
  const balanceOf = new Map(accounts.map((a) => [a.code, n(a.balance)]));
  for (const a of accounts) {
    if (n(a.balance) !== n(a.entries)) {
      bad(`account ${a.code}: balance − Σ entries = ${n(a.balance) - n(a.entries)}`);
    }
    if ((a.kind === 'wallet' || a.kind === 'redpacket') && n(a.balance) < 0) {
      bad(`account ${a.code}: negative balance ${a.balance}`);
    }
  }
  const { rows: unbalanced } = await sql<{ kind: string; ref: string; s: string }>`
    select t.kind, t.ref, e.s from ledger_txn t
    join (select txn_id, sum(amount) as s from ledger_entry group by txn_id) e on e.txn_id = t.id
    where e.s <> 0`.execute(db);
  for (const t of unbalanced) bad(`ledger txn ${t.kind}/${t.ref} sums to ${t.s}`);

  // (4) Red packets: each user's balance is what was opened, less what orders took, plus what
  // came back (unpaid orders closed, refunds).
  const { rows: opened } = await sql<{ user_id: number; s: string }>`
    select user_id, sum(amount) as s from red_packet
    where opened_at is not null group by user_id`.execute(db);
  const openedBy = new Map(opened.map((r) => [r.user_id, n(r.s)]));
  const { rows: refunds } = await sql<{
    user_id: number;
    store_id: number;
    amount: number;
    redpacket_back: number;
    subsidy_back: number;
    refund_to: string;
  }>`
    select user_id, store_id, amount, redpacket_back, subsidy_back, refund_to
    from refund where status = 'refunded' and user_id in (${inUsers})`.execute(db);
  for (const u of scope.userIds) {
    const mine = orders.filter((o) => o.user_id === u);
    const expected =
      (openedBy.get(u) ?? 0) -
      mine.reduce((s, o) => s + o.redpacket_amount, 0) +
      mine
        .filter((o) => o.status === 'cancelled' && o.paid_at === null)
        .reduce((s, o) => s + o.redpacket_amount, 0) +
      refunds.filter((r) => r.user_id === u).reduce((s, r) => s + r.redpacket_back, 0);
    const actual = balanceOf.get(`redpacket:${u}`) ?? 0;
    if (actual !== expected)
      bad(`red-packet balance of user ${u}: ${actual}, expected ${expected}`);
  }

  // The platform's accounts, from every order and refund.
  const { rows: platform } = await sql<{
    held: string;
    opened: string;
    subsidy_paid: string;
    subsidy_back: string;
  }>`
    select
      (select coalesce(sum(redpacket_amount), 0) from shop_order where status = 'unpaid') as held,
      (select coalesce(sum(amount), 0) from red_packet where opened_at is not null) as opened,
      (select coalesce(sum(platform_discount), 0) from shop_order where paid_at is not null)
        as subsidy_paid,
      (select coalesce(sum(subsidy_back), 0) from refund where status = 'refunded')
        as subsidy_back`.execute(db);
  const p = platform[0];
  const hold = balanceOf.get('clearing:redpacket_hold') ?? 0;
  if (hold !== n(p?.held)) {
    bad(`red-packet hold account off by ${hold - n(p?.held)} from Σ unpaid orders' red packets`);
  }
  const budget = balanceOf.get('revenue:redpacket') ?? 0;
  if (budget !== -n(p?.opened))
    bad(`red-packet budget off by ${budget + n(p?.opened)} from −Σ opened`);
  const couponBudget = balanceOf.get('revenue:coupon') ?? 0;
  const subsidy = n(p?.subsidy_back) - n(p?.subsidy_paid);
  if (couponBudget !== subsidy) {
    bad(`platform coupon budget off by ${couponBudget - subsidy} from −Σ subsidies kept`);
  }
  // Stores are owed what was paid plus the platform's subsidies, less what was refunded.
  const { rows: stores } = await sql<{ store_id: number; owed: string }>`
    select store_id, sum(owed) as owed from (
      select store_id, pay_amount + platform_discount + redpacket_amount as owed
        from shop_order where paid_at is not null
      union all
      select store_id, -(amount + redpacket_back + subsidy_back)
        from refund where status = 'refunded') x
    group by store_id`.execute(db);
  for (const st of stores) {
    const actual = balanceOf.get(`store:${st.store_id}`) ?? 0;
    if (actual !== n(st.owed)) {
      bad(`store ${st.store_id} account off by ${actual - n(st.owed)} from its orders and refunds`);
    }
  }

  // Wallets: top-ups, less balance payments, plus refunds to the balance.
  const { rows: payments } = await sql<{ user_id: number; s: string }>`
    select user_id, sum(case when purpose = 'recharge' then amount else -amount end) as s
    from payment where status = 'succeeded' and user_id in (${inUsers})
      and (purpose = 'recharge' or channel = 'balance')
    group by user_id`.execute(db);
  for (const u of scope.userIds) {
    const expected =
      n(payments.find((r) => r.user_id === u)?.s) +
      refunds
        .filter((r) => r.user_id === u && r.refund_to === 'balance')
        .reduce((s, r) => s + r.amount, 0);
    const actual = balanceOf.get(`wallet:${u}`) ?? 0;
    if (actual !== expected) bad(`wallet of user ${u}: ${actual}, expected ${expected}`);
  }

  // Refunds: never more than a line's share; the red packet and subsidy come back in full with it.
  const { rows: lines } = await sql<{
    order_no: string;
    sku_id: number;
    net: number;
    redpacket: number;
    platform_discount: number;
    goods_back: string;
    red_back: string;
    subsidy_back: string;
  }>`
    select o.order_no, i.sku_id, i.price * i.quantity - i.discount - i.redpacket as net,
      i.redpacket, i.platform_discount,
      sum(r.amount - r.shipping_amount) as goods_back,
      sum(r.redpacket_back) as red_back, sum(r.subsidy_back) as subsidy_back
    from refund r join order_item i on i.id = r.order_item_id join shop_order o on o.id = i.order_id
    where r.status = 'refunded' and r.user_id in (${inUsers})
    group by o.order_no, i.id`.execute(db);
  for (const l of lines) {
    const at = `line ${l.sku_id} of ${l.order_no}`;
    if (n(l.goods_back) > l.net) bad(`${at}: refunded ${l.goods_back} > paid ${l.net}`);
    if (n(l.red_back) > l.redpacket) bad(`${at}: red packet back ${l.red_back} > ${l.redpacket}`);
    if (n(l.subsidy_back) > l.platform_discount) {
      bad(`${at}: subsidy back ${l.subsidy_back} > ${l.platform_discount}`);
    }
    if (n(l.goods_back) >= l.net) {
      if (n(l.red_back) !== l.redpacket) {
        bad(`${at}: refunded whole, red packet back ${l.red_back} != ${l.redpacket}`);
      }
      if (n(l.subsidy_back) !== l.platform_discount) {
        bad(`${at}: refunded whole, subsidy back ${l.subsidy_back} != ${l.platform_discount}`);
      }
    }
  }
  return out;
}

/**
 * What the buyer's screens say agrees with the database: 我的优惠券 (every held or used coupon
 * names an order of the submit it is in), 我的资产 (red-packet balance, coupon count).
 */
export async function screenViolations(app: FastifyInstance, b: Buyer): Promise<string[]> {
  const out: string[] = [];
  const db = app.deps.db;
  for (const status of ['unused', 'used'] as const) {
    const page = await get<{
      list: { id: number; state: string; orderNo: string | null }[];
      total: number;
    }>(app, 'coupon/mine', b.token, { status, pageSize: 50 });
    for (const c of page.body.data.list) {
      if (c.state !== 'held' && c.state !== 'used') {
        if (c.orderNo !== null)
          out.push(`我的优惠券: coupon ${c.id} (${c.state}) shows order ${c.orderNo}`);
        continue;
      }
      const row = await db
        .selectFrom('user_coupon as uc')
        .innerJoin('shop_order as o', 'o.group_id', 'uc.group_id')
        .select('o.order_no')
        .where('uc.id', '=', c.id)
        .execute();
      const nos = row.map((r) => r.order_no);
      if (!c.orderNo || !nos.includes(c.orderNo)) {
        out.push(
          `我的优惠券: coupon ${c.id} (${c.state}) shows order ${c.orderNo}, not one of its submit ${nos.join(', ')}`,
        );
      }
    }
  }
  const assets = await get<{ redPacketBalance: number; couponCount: number }>(
    app,
    'wallet/assets',
    b.token,
  );
  const red = await redPacketBalance(app, b.userId);
  if (assets.body.data.redPacketBalance !== red) {
    out.push(`我的资产: red-packet balance ${assets.body.data.redPacketBalance} != ledger ${red}`);
  }
  const { rows } = await sql<{ c: string }>`
    select count(*) as c from user_coupon where user_id = ${b.userId}
      and ((status = 'unused' and valid_to > now()) or status = 'held')`.execute(db);
  if (assets.body.data.couponCount !== n(rows[0]?.c)) {
    out.push(`我的资产: ${assets.body.data.couponCount} coupons, database ${rows[0]?.c}`);
  }
  return out;
}
