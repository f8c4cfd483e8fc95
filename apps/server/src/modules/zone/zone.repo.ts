import type { AdminZoneBody } from '@chaopin/contracts';
import { sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import type { ZoneDb } from './zone.tables.ts';

const ON_SHELF = 1;

/** A zone's product row as its cards need it (product, store and the zone's SKU joined). */
export interface ZoneProductRow {
  product_id: number;
  sku_id: number | null;
  title: string;
  main_image: string;
  price: number;
  origin_price: number;
  sales: number;
  stock: number;
  label: string;
  store_name: string;
}

/** SQL of zones, their products and the new-user full refund. */
export class ZoneRepo {
  constructor(private readonly db: ZoneDb) {}

  byKey(key: string, db: ZoneDb = this.db) {
    return db
      .selectFrom('zone')
      .selectAll()
      .where('key', '=', key)
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  list() {
    return this.db
      .selectFrom('zone as z')
      .select([
        'z.key',
        'z.title',
        'z.banner',
        'z.rules',
        'z.theme',
        'z.kind',
        sql<number>`(select count(*)::int from zone_item i where i.zone_id = z.id)`.as(
          'item_count',
        ),
      ])
      .where('z.enabled', '=', true)
      .orderBy('z.sort')
      .orderBy('z.id')
      .execute();
  }

  upsert(trx: ZoneDb, b: AdminZoneBody) {
    const values = {
      title: b.title,
      banner: b.banner,
      rules: b.rules,
      theme: b.theme,
      kind: b.kind,
      ...(b.sort === undefined ? {} : { sort: b.sort }),
      ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
    };
    return trx
      .insertInto('zone')
      .values({ key: b.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** Any zone by key, enabled or not (the operator edits disabled ones too). */
  anyByKey(trx: ZoneDb, key: string) {
    return trx
      .selectFrom('zone')
      .select('id')
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Of these products, the ones that exist (any status: the operator may list one before it is on sale). */
  products(trx: ZoneDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('product')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
  }

  skus(trx: ZoneDb, ids: readonly number[]) {
    return skuReads.basics(trx, ids);
  }

  async replaceItems(
    trx: ZoneDb,
    zoneId: number,
    items: { product_id: number; sku_id: number | null; label: string; sort: number }[],
  ) {
    await trx.deleteFrom('zone_item').where('zone_id', '=', zoneId).execute();
    if (!items.length) return;
    await trx
      .insertInto('zone_item')
      .values(items.map((i) => ({ ...i, zone_id: zoneId })))
      .execute();
  }

  private items(zoneId: number, categoryId?: number) {
    let q = this.db
      .selectFrom('zone_item as i')
      .innerJoin('product as p', 'p.id', 'i.product_id')
      .innerJoin('store as s', 's.id', 'p.store_id')
      .leftJoin('sku as k', (j) =>
        j.onRef('k.id', '=', 'i.sku_id').onRef('k.product_id', '=', 'p.id'),
      )
      .where('i.zone_id', '=', zoneId)
      .where('p.status', '=', ON_SHELF);
    if (categoryId !== undefined) q = q.where('p.category_id', '=', categoryId);
    return q;
  }

  async page(zoneId: number, limit: number, offset: number, categoryId?: number) {
    const [rows, total] = await Promise.all([
      this.items(zoneId, categoryId)
        .select([
          'i.product_id',
          'k.id as sku_id',
          'p.title',
          'p.main_image',
          sql<number>`coalesce(k.price, p.price)`.as('price'),
          sql<number>`coalesce(k.origin_price, p.origin_price)`.as('origin_price'),
          'p.sales',
          sql<number>`coalesce(k.stock, (select coalesce(sum(x.stock), 0)::int from sku x where x.product_id = p.id))`.as(
            'stock',
          ),
          'i.label',
          's.name as store_name',
        ])
        .orderBy('i.sort')
        .orderBy('i.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.items(zoneId, categoryId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ZoneProductRow[], total: Number(total.n) };
  }

  categories(zoneId: number) {
    return this.items(zoneId)
      .innerJoin('category as c', 'c.id', 'p.category_id')
      .select(['c.id', 'c.name', 'c.icon', sql<number>`count(*)::int`.as('count')])
      .groupBy(['c.id', 'c.name', 'c.icon', 'c.sort'])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  // --- the new-user full refund ---

  async zoneProductIds(trx: ZoneDb, key: string): Promise<Set<number>> {
    const rows = await trx
      .selectFrom('zone_item as i')
      .innerJoin('zone as z', 'z.id', 'i.zone_id')
      .select('i.product_id')
      .where('z.key', '=', key)
      .where('z.enabled', '=', true)
      .execute();
    return new Set(rows.map((r) => r.product_id));
  }

  /** The claim, unless this user or this phone has one: undefined then. */
  insertClaim(
    trx: ZoneDb,
    row: {
      user_id: number;
      phone_hash: string;
      order_id: number;
      order_no: string;
      amount: number;
    },
  ) {
    return trx
      .insertInto('new_user_refund')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  freeze(trx: ZoneDb, orderNo: string, settleAt: Date) {
    return trx
      .updateTable('new_user_refund')
      .set({ state: 'frozen', settle_at: settleAt })
      .where('order_no', '=', orderNo)
      .where('state', '=', 'pending')
      .execute();
  }

  cancel(trx: ZoneDb, orderNo: string) {
    return trx
      .updateTable('new_user_refund')
      .set({ state: 'cancelled', cancelled_at: sql`now()` })
      .where('order_no', '=', orderNo)
      .where('state', 'in', ['pending', 'frozen'])
      .execute();
  }

  /** Due frozen claims this node takes (others skip them until this transaction ends). */
  claimDue(trx: ZoneDb, now: Date, limit: number) {
    return trx
      .selectFrom('new_user_refund')
      .select(['id', 'user_id', 'amount', 'order_no'])
      .where('state', '=', 'frozen')
      .where('settle_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  markPaid(trx: ZoneDb, id: number) {
    return trx
      .updateTable('new_user_refund')
      .set({ state: 'paid', paid_at: sql`now()` })
      .where('id', '=', id)
      .where('state', '=', 'frozen')
      .executeTakeFirst();
  }

  claimOf(userId: number) {
    return this.db
      .selectFrom('new_user_refund')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  phoneUsed(phoneHash: string) {
    return this.db
      .selectFrom('new_user_refund')
      .select('id')
      .where('phone_hash', '=', phoneHash)
      .executeTakeFirst();
  }
}
