import { sql } from 'kysely';
import type { Db } from '../../database.ts';

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

/**
 * What other modules read of orders, each select written once here. `db` is the caller's
 * database or transaction.
 */
export const orderReads = {
  /** A buyer's latest orders with one store (not deleted), newest first, with their first line. */
  async recentOfBuyerInStore(
    db: Db,
    userId: number,
    storeId: number,
    limit: number,
  ): Promise<BuyerOrderRow[]> {
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
