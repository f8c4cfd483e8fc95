import { sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import type { SeckillDb } from './seckill.tables.ts';
import { SeckillSweepRepo } from './seckill-sweep.repo.ts';

/** An item with what its cards show (product, SKU and session joined). */
export interface ItemRow {
  id: number;
  session_id: number;
  product_id: number;
  sku_id: number;
  title: string;
  sku_name: string;
  image: string;
  price: number;
  flash_price: number;
  flash_stock: number;
  sold: number;
  per_user_limit: number;
  start_at: Date;
  end_at: Date;
  pay_minutes: number;
  on_shelf: boolean;
}

export interface SessionRow {
  id: number;
  title: string;
  start_at: Date;
  end_at: Date;
  pay_minutes: number;
}

export interface ClaimRow {
  id: number;
  flash_stock: number;
  sold: number;
  per_user_limit: number;
  start_at: Date;
  end_at: Date;
  settled: boolean;
}

/** All SQL of the flash sale (the sweeper's statements in seckill-sweep.repo.ts, extended here). */
export class SeckillRepo extends SeckillSweepRepo {
  private items(db: SeckillDb = this.db) {
    return db
      .selectFrom('seckill_item as i')
      .innerJoin('seckill_session as s', 's.id', 'i.session_id')
      .innerJoin(skuReads.skuView(this.db).as('k'), 'k.id', 'i.sku_id')
      .innerJoin(skuReads.productView(this.db).as('p'), 'p.id', 'i.product_id')
      .select([
        'i.id',
        'i.session_id',
        'i.product_id',
        'i.sku_id',
        'p.title',
        'k.name as sku_name',
        sql<string>`coalesce(nullif(k.image, ''), p.main_image)`.as('image'),
        'k.price',
        'i.flash_price',
        'i.flash_stock',
        'i.sold',
        'i.per_user_limit',
        's.start_at',
        's.end_at',
        's.pay_minutes',
        sql<boolean>`p.status = 1`.as('on_shelf'),
      ]);
  }

  /** Sessions ending after `from` and starting before `to`, by start. */
  sessionsBetween(from: Date, to: Date): Promise<SessionRow[]> {
    return this.db
      .selectFrom('seckill_session')
      .select(['id', 'title', 'start_at', 'end_at', 'pay_minutes'])
      .where('end_at', '>', from)
      .where('start_at', '<', to)
      .orderBy('start_at')
      .orderBy('id')
      .limit(24)
      .execute();
  }

  session(id: number): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('seckill_session')
      .select(['id', 'title', 'start_at', 'end_at', 'pay_minutes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  itemsOfSession(sessionId: number, limit = 100): Promise<ItemRow[]> {
    return this.items()
      .where('i.session_id', '=', sessionId)
      .orderBy('i.sort')
      .orderBy('i.id')
      .limit(limit)
      .execute();
  }

  item(id: number): Promise<ItemRow | undefined> {
    return this.items().where('i.id', '=', id).executeTakeFirst();
  }

  /** The product's sale open now, else its next one starting before `until`. */
  itemOfProduct(productId: number, until: Date): Promise<ItemRow | undefined> {
    return this.items()
      .where('i.product_id', '=', productId)
      .where('s.end_at', '>', sql<Date>`now()`)
      .where('s.start_at', '<', until)
      .where('s.settled_at', 'is', null)
      .orderBy('s.start_at')
      .orderBy('i.id')
      .limit(1)
      .executeTakeFirst();
  }

  itemsById(ids: number[]): Promise<ItemRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.items().where('i.id', 'in', ids).execute();
  }

  async subscribedOf(userId: number, itemIds: number[]): Promise<Set<number>> {
    if (!itemIds.length) return new Set();
    const rows = await this.db
      .selectFrom('seckill_subscription')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Set(rows.map((r) => r.item_id));
  }

  async held(itemId: number, userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('seckill_purchase')
      .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('n'))
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    return r?.n ?? 0;
  }

  // --- operator -------------------------------------------------------------------------------

  async skuOverlaps(trx: SeckillDb, skuIds: number[], start: Date, end: Date): Promise<boolean> {
    const r = await trx
      .selectFrom('seckill_item as i')
      .innerJoin('seckill_session as s', 's.id', 'i.session_id')
      .select('i.id')
      .where('i.sku_id', 'in', skuIds)
      .where('s.start_at', '<', end)
      .where('s.end_at', '>', start)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  async productsOf(trx: SeckillDb, skuIds: number[]): Promise<Map<number, number>> {
    const rows = await skuReads.basics(trx, skuIds);
    return new Map(rows.map((r) => [r.id, r.product_id]));
  }

  async insertSession(
    trx: SeckillDb,
    s: { title: string; start_at: Date; end_at: Date; pay_minutes: number },
  ): Promise<number> {
    const r = await trx
      .insertInto('seckill_session')
      .values(s)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async insertItems(
    trx: SeckillDb,
    rows: {
      session_id: number;
      sku_id: number;
      product_id: number;
      flash_price: number;
      flash_stock: number;
      per_user_limit: number;
      sort: number;
    }[],
  ): Promise<number[]> {
    const r = await trx.insertInto('seckill_item').values(rows).returning('id').execute();
    return r.map((x) => x.id);
  }

  // --- buying (inside the placement batch's transaction) ---------------------------------------

  /** Locks the items in id order (every batch locks in the same order: no deadlock). */
  lockItems(trx: SeckillDb, ids: number[]): Promise<ClaimRow[]> {
    return trx
      .selectFrom('seckill_item as i')
      .innerJoin('seckill_session as s', 's.id', 'i.session_id')
      .select([
        'i.id',
        'i.flash_stock',
        'i.sold',
        'i.per_user_limit',
        's.start_at',
        's.end_at',
        sql<boolean>`s.settled_at is not null`.as('settled'),
      ])
      .where('i.id', 'in', ids)
      .orderBy('i.id')
      .forUpdate('i')
      .execute();
  }

  /** Units each (item, user) pair holds; read after the items are locked, so it is exact. */
  async heldBy(
    trx: SeckillDb,
    pairs: readonly { itemId: number; userId: number }[],
  ): Promise<Map<string, number>> {
    if (!pairs.length) return new Map();
    const rows = await trx
      .selectFrom('seckill_purchase')
      .select(['item_id', 'user_id', sql<number>`sum(quantity)::int`.as('n')])
      .where('released_at', 'is', null)
      .where((eb) =>
        eb.or(
          pairs.map((p) => eb.and([eb('item_id', '=', p.itemId), eb('user_id', '=', p.userId)])),
        ),
      )
      .groupBy(['item_id', 'user_id'])
      .execute();
    return new Map(rows.map((r) => [`${r.item_id}:${r.user_id}`, r.n]));
  }

  /** Adds the units taken per item in one statement; the check refuses any overshoot. */
  async addSold(trx: SeckillDb, taken: ReadonlyMap<number, number>): Promise<void> {
    if (!taken.size) return;
    const values = sql.join(
      [...taken].map(([id, q]) => sql`(${id}::int, ${q}::int)`),
      sql`, `,
    );
    await sql`update seckill_item set sold = seckill_item.sold + t.q
      from (values ${values}) as t(id, q) where seckill_item.id = t.id`.execute(trx);
  }

  async insertPurchases(
    trx: SeckillDb,
    rows: readonly { item_id: number; user_id: number; order_id: number; quantity: number }[],
  ): Promise<void> {
    if (rows.length)
      await trx
        .insertInto('seckill_purchase')
        .values([...rows])
        .execute();
  }

  /** Marks an order's purchases released (once) and takes their units off `sold`. */
  async release(trx: SeckillDb, orderId: number) {
    const moved = await trx
      .updateTable('seckill_purchase')
      .set({ released_at: sql`now()` })
      .where('order_id', '=', orderId)
      .where('released_at', 'is', null)
      .returning(['item_id', 'user_id', 'quantity'])
      .execute();
    const out: {
      itemId: number;
      userId: number;
      quantity: number;
      settled: boolean;
      skuId: number;
    }[] = [];
    for (const m of moved) {
      const r = await trx
        .updateTable('seckill_item as i')
        .from('seckill_session as s')
        .set({ sold: sql`i.sold - ${m.quantity}` })
        .whereRef('s.id', '=', 'i.session_id')
        .where('i.id', '=', m.item_id)
        .returning(['i.sku_id', sql<boolean>`s.settled_at is not null`.as('settled')])
        .executeTakeFirst();
      if (r) {
        out.push({
          itemId: m.item_id,
          userId: m.user_id,
          quantity: m.quantity,
          settled: r.settled,
          skuId: r.sku_id,
        });
      }
    }
    return out;
  }

  /** The counter's picture of an item, from the database. */
  async seedOf(itemId: number) {
    const item = await this.db
      .selectFrom('seckill_item')
      .select(['flash_stock', 'sold'])
      .where('id', '=', itemId)
      .executeTakeFirst();
    if (!item) return null;
    const users = await this.db
      .selectFrom('seckill_purchase')
      .select(['user_id', sql<number>`sum(quantity)::int`.as('n')])
      .where('item_id', '=', itemId)
      .where('released_at', 'is', null)
      .groupBy('user_id')
      .execute();
    return {
      left: item.flash_stock - item.sold,
      perUser: new Map(users.map((u) => [u.user_id, u.n])),
    };
  }

  // --- subscriptions --------------------------------------------------------------------------

  async subscribe(userId: number, itemId: number, sms: boolean, remindAt: Date): Promise<void> {
    await this.db
      .insertInto('seckill_subscription')
      .values({ user_id: userId, item_id: itemId, sms, remind_at: remindAt })
      .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ sms }))
      .execute();
  }

  async unsubscribe(userId: number, itemId: number): Promise<void> {
    await this.db
      .deleteFrom('seckill_subscription')
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .execute();
  }

  async subscriptions(userId: number, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('seckill_subscription')
        .select(['item_id', 'sms', 'reminded_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('item_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('seckill_subscription')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
