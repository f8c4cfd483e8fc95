import { type Insertable, type Selectable, sql } from 'kysely';
import type { ExchangeDb, ExchangeItemTable } from './exchange.tables.ts';

export type ItemRow = Selectable<ExchangeItemTable>;

/** SQL of the points mall. */
export class ExchangeRepo {
  constructor(private readonly db: ExchangeDb) {}

  async insertItem(row: Insertable<ExchangeItemTable>): Promise<number> {
    const r = await this.db
      .insertInto('exchange_item')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  items(kind?: ExchangeItemTable['kind']) {
    return this.db
      .selectFrom('exchange_item')
      .selectAll()
      .where('on_sale', '=', true)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind ?? 'coupon'))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  item(id: number, db: ExchangeDb = this.db) {
    return db.selectFrom('exchange_item').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async boughtBy(userId: number, itemIds: readonly number[]): Promise<Map<number, number>> {
    if (!itemIds.length) return new Map();
    const rows = await this.db
      .selectFrom('exchange_count')
      .select(['item_id', 'bought'])
      .where('user_id', '=', userId)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Map(rows.map((r) => [r.item_id, r.bought]));
  }

  /** The purchase row, unless the user's key was used before (then undefined). */
  insertOrder(
    trx: ExchangeDb,
    row: { item_id: number; user_id: number; client_key: string; points: number },
  ) {
    return trx
      .insertInto('exchange_order')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  }

  orderByKey(userId: number, clientKey: string) {
    return this.orders(userId).where('o.client_key', '=', clientKey).executeTakeFirst();
  }

  /** One unit, if any is left: the row lock orders concurrent buyers, none gets a unit twice. */
  takeUnit(trx: ExchangeDb, id: number) {
    return trx
      .updateTable('exchange_item')
      .set({ sold: sql`sold + 1` })
      .where('id', '=', id)
      .where('on_sale', '=', true)
      .where(sql<boolean>`sold < stock`)
      .returning('id')
      .executeTakeFirst();
  }

  /** One more unit for the user, if under the limit. */
  async takeAllowance(trx: ExchangeDb, itemId: number, userId: number, limit: number) {
    const r = await trx
      .insertInto('exchange_count')
      .values({ item_id: itemId, user_id: userId, bought: 1 })
      .onConflict((oc) =>
        oc
          .columns(['item_id', 'user_id'])
          .doUpdateSet({ bought: sql`exchange_count.bought + 1` })
          .where('exchange_count.bought', '<', limit),
      )
      .returning('bought')
      .executeTakeFirst();
    return r !== undefined;
  }

  private orders(userId: number) {
    return this.db
      .selectFrom('exchange_order as o')
      .innerJoin('exchange_item as i', 'i.id', 'o.item_id')
      .select([
        'o.id',
        'o.item_id',
        'o.points',
        'o.cash',
        'o.order_no',
        'o.returned_at',
        'o.created_at',
        'i.kind',
        'i.title',
      ])
      .where('o.user_id', '=', userId);
  }

  /** Product items locked for the placement batch, in id order (batches on a pool never deadlock). */
  lockItems(trx: ExchangeDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('exchange_item')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Units each (item, user) pair has bought, read under the items' locks. */
  async counts(trx: ExchangeDb, pairs: readonly { itemId: number; userId: number }[]) {
    if (!pairs.length) return new Map<string, number>();
    const rows = await trx
      .selectFrom('exchange_count')
      .select(['item_id', 'user_id', 'bought'])
      .where((eb) =>
        eb.or(
          pairs.map((p) => eb.and([eb('item_id', '=', p.itemId), eb('user_id', '=', p.userId)])),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [`${r.item_id}:${r.user_id}`, r.bought]));
  }

  /** The submit keys of placed orders (a product purchase is keyed like its order). */
  async orderKeys(trx: ExchangeDb, orderIds: readonly number[]): Promise<Map<number, string>> {
    if (!orderIds.length) return new Map();
    const rows = await trx
      .selectFrom('shop_order as o')
      .innerJoin('order_group as g', 'g.id', 'o.group_id')
      .select(['o.id', 'g.client_key'])
      .where('o.id', 'in', orderIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.client_key]));
  }

  insertProductOrder(
    trx: ExchangeDb,
    row: {
      item_id: number;
      user_id: number;
      client_key: string;
      points: number;
      cash: number;
      order_id: number;
      order_no: string;
    },
  ) {
    return trx.insertInto('exchange_order').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** Product purchases whose order is paid are final (the return sweep no longer looks at them). */
  markPaid(trx: ExchangeDb, orderNos: readonly string[]) {
    if (!orderNos.length) return Promise.resolve();
    return trx
      .updateTable('exchange_order')
      .set({ paid_at: sql`now()` })
      .where('order_no', 'in', orderNos)
      .where('paid_at', 'is', null)
      .where('returned_at', 'is', null)
      .execute()
      .then(() => undefined);
  }

  /** The unpaid, not yet undone product purchases of these orders, locked. */
  lockUnpaidOf(trx: ExchangeDb, orderIds: readonly number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('exchange_order as e')
      .innerJoin('exchange_item as i', 'i.id', 'e.item_id')
      .select(['e.id', 'e.item_id', 'e.user_id', 'e.points', 'i.title'])
      .where('e.order_id', 'in', [...orderIds])
      .where('e.paid_at', 'is', null)
      .where('e.returned_at', 'is', null)
      .orderBy('e.id')
      .forUpdate('e')
      .execute();
  }

  /** The purchase is undone: its unit and the user's allowance come back. */
  async undo(trx: ExchangeDb, p: { id: number; itemId: number; userId: number }): Promise<void> {
    await trx
      .updateTable('exchange_order')
      .set({ returned_at: sql`now()` })
      .where('id', '=', p.id)
      .execute();
    await trx
      .updateTable('exchange_item')
      .set({ sold: sql`sold - 1` })
      .where('id', '=', p.itemId)
      .where('sold', '>', 0)
      .execute();
    const left = await trx
      .updateTable('exchange_count')
      .set({ bought: sql`bought - 1` })
      .where('item_id', '=', p.itemId)
      .where('user_id', '=', p.userId)
      .where('bought', '>', 1)
      .returning('bought')
      .executeTakeFirst();
    if (!left) {
      await trx
        .deleteFrom('exchange_count')
        .where('item_id', '=', p.itemId)
        .where('user_id', '=', p.userId)
        .execute();
    }
  }

  mine(userId: number, limit: number, offset: number) {
    return Promise.all([
      this.orders(userId).orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),
      this.db
        .selectFrom('exchange_order')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
  }
}
