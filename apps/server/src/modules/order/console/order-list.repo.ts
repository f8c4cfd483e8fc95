import type { OrderSort } from '@chaopin/contracts';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import { storeReads } from '../../catalogue/index.ts';
import { userReads } from '../../user/index.ts';
import type { OrderDb, OrderSchema, OrderStatus } from '../order.tables.ts';

/** What the console's order list and export narrow by (already checked and scoped). */
export interface OrderFilter {
  /** The stores the caller may see: null = all (never an empty list: the service answers none). */
  storeIds: readonly number[] | null;
  q?: string;
  status?: OrderStatus;
  orderNo?: string;
  buyerPhone?: string;
  payMethod?: string;
  liveRoomId?: number;
  createdFrom?: Date;
  createdTo?: Date;
  paidFrom?: Date;
  paidTo?: Date;
}

export interface OrderOrdering {
  sort: OrderSort;
  order: 'asc' | 'desc';
}

/** Where a keyset page starts: after the row with this sort key and id. */
export interface OrderCursor {
  key: string | number;
  id: number;
}

type From = ExpressionBuilder<OrderSchema & { o: OrderSchema['shop_order'] }, 'o'>;

/**
 * The sort key as SQL, with the id as the tie-break: 下单时间 is the creation order (the id, which
 * the primary key and the store index already keep), 支付时间 puts unpaid orders at the old end.
 */
const SORT_KEY: Record<OrderSort, RawBuilder<string | number>> = {
  createdAt: sql<number>`o.id`,
  paidAt: sql<string>`coalesce(o.paid_at, 'epoch'::timestamptz)`,
  payAmount: sql<number>`o.pay_amount`,
};

/**
 * The key a keyset page resumes after, exactly: a timestamp as ISO text with its microseconds
 * (a JavaScript Date keeps milliseconds only, and a cursor a little early or late skips rows).
 */
const CURSOR_KEY: Record<OrderSort, RawBuilder<string | number>> = {
  createdAt: SORT_KEY.createdAt,
  paidAt: sql<string>`to_char(coalesce(o.paid_at, 'epoch'::timestamptz) at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  payAmount: SORT_KEY.payAmount,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The row columns of the list and the export (the lines come in a second query). */
const ROW_COLUMNS = [
  'o.id',
  'o.order_no',
  'o.store_id',
  'o.user_id',
  'o.status',
  'o.goods_amount',
  'o.shipping_fee',
  'o.discount_amount',
  'o.redpacket_amount',
  'o.points_amount',
  'o.pay_amount',
  'o.pay_method',
  'o.live_room_id',
  'o.address',
  'o.note',
  'o.carrier',
  'o.tracking_no',
  'o.merchant_remark',
  'o.created_at',
  'o.paid_at',
  'o.shipped_at',
] as const;

/** SQL of the console's order list: filters, offset pages, keyset pages (the export), lines. */
export class OrderListRepo {
  constructor(private readonly db: OrderDb) {}

  private usersByPhone(eb: From, phone: string) {
    return eb
      .selectFrom(userReads.publicView(this.db).as('bu'))
      .select('bu.id')
      .where('bu.phone', '=', phone);
  }

  private filtered(f: OrderFilter) {
    let q = this.db.selectFrom('shop_order as o');
    if (f.storeIds) q = q.where('o.store_id', 'in', [...f.storeIds]);
    if (f.status) q = q.where('o.status', '=', f.status);
    if (f.orderNo) q = q.where('o.order_no', '=', f.orderNo);
    if (f.payMethod) q = q.where('o.pay_method', '=', f.payMethod);
    if (f.liveRoomId) q = q.where('o.live_room_id', '=', f.liveRoomId);
    if (f.createdFrom) q = q.where('o.created_at', '>=', f.createdFrom);
    if (f.createdTo) q = q.where('o.created_at', '<', f.createdTo);
    if (f.paidFrom) q = q.where('o.paid_at', '>=', f.paidFrom);
    if (f.paidTo) q = q.where('o.paid_at', '<', f.paidTo);
    const phone = f.buyerPhone;
    if (phone) q = q.where((eb) => eb('o.user_id', 'in', this.usersByPhone(eb, phone)));
    const text = f.q?.trim();
    if (text) {
      q = q.where((eb) =>
        eb.or([
          eb('o.order_no', '=', text),
          eb(sql<string>`o.address->>'phone'`, '=', text),
          eb(sql<string>`o.address->>'name'`, '=', text),
          eb('o.user_id', 'in', this.usersByPhone(eb, text)),
          eb.exists(
            eb
              .selectFrom('order_item as i')
              .select('i.id')
              .whereRef('i.order_id', '=', 'o.id')
              .where('i.title', 'ilike', `%${escapeLike(text)}%`),
          ),
        ]),
      );
    }
    return q;
  }

  private rows(f: OrderFilter) {
    return this.filtered(f)
      .leftJoin(storeReads.storeView(this.db).as('st'), 'st.id', 'o.store_id')
      .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'o.user_id')
      .select([
        ...ROW_COLUMNS,
        'st.name as store_name',
        'u.nickname as buyer_nickname',
        'u.phone as buyer_phone',
      ]);
  }

  async count(f: OrderFilter): Promise<number> {
    const row = await this.filtered(f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page by offset (the list), sorted as asked, the id breaking ties. */
  page(f: OrderFilter, o: OrderOrdering, limit: number, offset: number) {
    const key = SORT_KEY[o.sort];
    return this.rows(f)
      .orderBy(key, o.order)
      .orderBy('o.id', o.order)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /**
   * One page after `after` in the same order (the export walks the list this way: each page is
   * one short query on an index, whatever the depth, and nothing is held between pages).
   */
  async keysetPage(f: OrderFilter, o: OrderOrdering, after: OrderCursor | null, limit: number) {
    const key = SORT_KEY[o.sort];
    let q = this.rows(f).select(CURSOR_KEY[o.sort].as('sort_key'));
    if (after) {
      const at = o.sort === 'paidAt' ? sql`${after.key}::timestamptz` : sql`${after.key}`;
      q =
        o.order === 'desc'
          ? q.where(sql<boolean>`(${key}, o.id) < (${at}, ${after.id})`)
          : q.where(sql<boolean>`(${key}, o.id) > (${at}, ${after.id})`);
    }
    return q.orderBy(key, o.order).orderBy('o.id', o.order).limit(limit).execute();
  }

  /** The lines of these orders, in order. */
  lines(orderIds: readonly number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('order_item')
      .select(['order_id', 'title', 'sku_name', 'image', 'quantity'])
      .where('order_id', 'in', [...orderIds])
      .orderBy('order_id')
      .orderBy('id')
      .execute();
  }
}

export type OrderListRow = Awaited<ReturnType<OrderListRepo['page']>>[number];
export type OrderLineBrief = Awaited<ReturnType<OrderListRepo['lines']>>[number];
