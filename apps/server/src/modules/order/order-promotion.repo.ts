import { sql } from 'kysely';
import type { OrderDb } from './order.tables.ts';

/** A paid line as commissions and the upgrade need it. */
export interface PaidLine {
  itemId: number;
  orderId: number;
  orderNo: string;
  userId: number;
  productId: number;
  title: string;
  image: string;
  /** What the buyer paid for the line after coupons and red packet (fen). */
  paid: number;
  /** The shipping its order charged (fen), once per order, not per line. */
  orderShipping: number;
}

/** SQL for what the promotion module reads of orders. */
export class OrderPromotionRepo {
  constructor(private readonly db: OrderDb) {}

  async paidLines(trx: OrderDb, orderNos: readonly string[]): Promise<PaidLine[]> {
    if (!orderNos.length) return [];
    const rows = await trx
      .selectFrom('order_item as i')
      .innerJoin('shop_order as o', 'o.id', 'i.order_id')
      .select([
        'i.id',
        'i.order_id',
        'o.order_no',
        'o.user_id',
        'o.shipping_fee',
        'i.product_id',
        'i.title',
        'i.image',
        'i.price',
        'i.quantity',
        'i.discount',
        'i.redpacket',
        'i.points_deduct',
      ])
      .where('o.order_no', 'in', [...orderNos])
      .where('o.paid_at', 'is not', null)
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({
      itemId: r.id,
      orderId: r.order_id,
      orderNo: r.order_no,
      userId: r.user_id,
      productId: r.product_id,
      title: r.title,
      image: r.image,
      paid: Math.max(0, r.price * r.quantity - r.discount - r.redpacket - r.points_deduct),
      orderShipping: r.shipping_fee,
    }));
  }

  /** Paid, not wholly refunded orders of a user with a member saving, newest first. */
  savingsQuery(userId: number) {
    return this.db
      .selectFrom('shop_order as o')
      .innerJoin('order_item as i', 'i.order_id', 'o.id')
      .where('o.user_id', '=', userId)
      .where('o.paid_at', 'is not', null)
      .where('o.status', '<>', 'cancelled')
      .where('i.member_saving', '>', 0);
  }

  async savings(userId: number, limit: number, offset: number) {
    const [rows, totals] = await Promise.all([
      this.savingsQuery(userId)
        .select([
          'o.order_no',
          'o.paid_at',
          sql<number>`sum(i.member_saving)::int`.as('saved'),
          sql<number>`sum(i.price * i.quantity + i.member_saving)::int`.as('list_amount'),
          sql<string>`min(i.title)`.as('title'),
          sql<string>`min(i.image)`.as('image'),
        ])
        .groupBy(['o.id', 'o.order_no', 'o.paid_at'])
        .orderBy('o.paid_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.savingsQuery(userId)
        .select([
          sql<number>`coalesce(sum(i.member_saving), 0)::int`.as('saved'),
          sql<number>`count(distinct o.id)::int`.as('orders'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, totalSaved: Number(totals.saved), orderCount: Number(totals.orders) };
  }
}
