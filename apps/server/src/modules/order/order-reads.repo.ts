import { sql } from 'kysely';
import { type AnyDb, viewOf } from '../../platform/db.ts';
import { storeReads } from '../catalogue/index.ts';
import type { OrderTables } from './order.tables.ts';

/** A paid order as the dashboard counts it: its store, buyer, amount, time and lines. */
export interface PaidOrderFacts {
  id: number;
  storeId: number;
  userId: number;
  payAmount: number;
  paidAt: Date;
  lines: { productId: number; quantity: number; amount: number }[];
}

/** A buyer's order as a store's 客服 sees it beside the chat. */
export interface BuyerOrderRow {
  id: number;
  order_no: string;
  status: string;
  pay_amount: number;
  created_at: Date;
  item_count: number;
  title: string;
  image: string;
}

/** What the buyer paid for a line (fen): its price less its coupons, red packet and points. */
const lineAmount = sql<number>`(i.price * i.quantity - i.discount - i.redpacket - i.points_deduct)`;

/**
 * What other modules read of orders (`shop_order`, `order_item`), written once here. `db` is the
 * caller's database or transaction (the dashboard reads inside the paying transaction).
 */
export const orderReads = {
  /** The paid orders among these numbers, with their lines. */
  async paidFacts(anyDb: AnyDb, orderNos: readonly string[]): Promise<PaidOrderFacts[]> {
    const db = viewOf<OrderTables>(anyDb);
    if (!orderNos.length) return [];
    const orders = await db
      .selectFrom('shop_order')
      .select(['id', 'store_id', 'user_id', 'pay_amount', 'paid_at'])
      .where('order_no', 'in', [...orderNos])
      .where('paid_at', 'is not', null)
      .execute();
    if (!orders.length) return [];
    const lines = await db
      .selectFrom('order_item as i')
      .select(['i.order_id', 'i.product_id', 'i.quantity', lineAmount.as('amount')])
      .where(
        'i.order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    return orders.map((o) => ({
      id: o.id,
      storeId: o.store_id,
      userId: o.user_id,
      payAmount: o.pay_amount,
      paidAt: o.paid_at ?? new Date(),
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({ productId: l.product_id, quantity: l.quantity, amount: Number(l.amount) })),
    }));
  },

  /** A paid order's line: the order, its store, when it was paid, the product. */
  async paidLine(anyDb: AnyDb, orderItemId: number) {
    const db = viewOf<OrderTables>(anyDb);
    const row = await db
      .selectFrom('order_item as i')
      .innerJoin('shop_order as o', 'o.id', 'i.order_id')
      .select(['o.id as orderId', 'o.store_id as storeId', 'o.paid_at as paidAt', 'i.product_id'])
      .where('i.id', '=', orderItemId)
      .executeTakeFirst();
    if (!row?.paidAt) return undefined;
    return {
      orderId: row.orderId,
      storeId: row.storeId,
      paidAt: row.paidAt,
      productId: row.product_id,
    };
  },

  /** A buyer's orders (deleted ones too): how many, how many paid, what the paid ones cost. */
  async userStats(anyDb: AnyDb, userId: number) {
    const db = viewOf<OrderTables>(anyDb);
    const row = await db
      .selectFrom('shop_order')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where paid_at is not null)`.as('paid'),
        sql<string>`coalesce(sum(pay_amount) filter (where paid_at is not null), 0)`.as('amount'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), paid: Number(row.paid), paidAmount: Number(row.amount) };
  },

  /** A buyer's newest orders, with their store's name. */
  async recentOfUser(anyDb: AnyDb, userId: number, limit: number) {
    const db = viewOf<OrderTables>(anyDb);
    const rows = await db
      .selectFrom('shop_order as o')
      .leftJoin(storeReads.storeView(db).as('st'), 'st.id', 'o.store_id')
      .select([
        'o.order_no',
        'o.store_id',
        'st.name as store_name',
        'o.status',
        'o.pay_amount',
        'o.created_at',
      ])
      .where('o.user_id', '=', userId)
      .orderBy('o.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((o) => ({
      orderNo: o.order_no,
      storeId: o.store_id,
      storeName: o.store_name ?? '',
      status: o.status as string,
      payAmount: o.pay_amount,
      createdAt: o.created_at.toISOString(),
    }));
  },

  /** A buyer's latest orders with one store (not deleted), newest first, with their first line. */
  async recentOfBuyerInStore(
    anyDb: AnyDb,
    userId: number,
    storeId: number,
    limit: number,
  ): Promise<BuyerOrderRow[]> {
    const db = viewOf<OrderTables>(anyDb);
    const rows = await db
      .selectFrom('shop_order as o')
      .select(['o.id', 'o.order_no', 'o.status', 'o.pay_amount', 'o.created_at'])
      .select(
        sql<number>`(select coalesce(sum(i.quantity), 0) from order_item i where i.order_id = o.id)`.as(
          'item_count',
        ),
      )
      .select(
        sql<string>`coalesce((select i.title from order_item i where i.order_id = o.id order by i.id limit 1), '')`.as(
          'title',
        ),
      )
      .select(
        sql<string>`coalesce((select i.image from order_item i where i.order_id = o.id order by i.id limit 1), '')`.as(
          'image',
        ),
      )
      .where('o.user_id', '=', userId)
      .where('o.store_id', '=', storeId)
      .where('o.deleted_at', 'is', null)
      .orderBy('o.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, item_count: Number(r.item_count) }));
  },
};
