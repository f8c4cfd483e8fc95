import { sql } from 'kysely';
import type { LiveDb, LiveShelfTable } from '../live.tables.ts';
import { LiveRepoBase } from '../repo-base.ts';

export interface ShelfRow {
  product_id: number;
  status: LiveShelfTable['status'];
  sort: number;
  title: string;
  image: string;
  price: number;
  sales: number;
  stock: number;
  product_status: number;
}

/** A room's shelf and the catalogue facts it shows. */
export class ShelfRepo extends LiveRepoBase {
  shelf(roomId: number, db: LiveDb = this.db): Promise<ShelfRow[]> {
    return db
      .selectFrom('live_shelf as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select([
        's.product_id',
        's.status',
        's.sort',
        'p.title',
        'p.main_image as image',
        'p.price',
        'p.sales',
        'p.status as product_status',
        (eb) =>
          eb
            .selectFrom('sku')
            .select(sql<number>`coalesce(sum(stock), 0)::int`.as('stock'))
            .whereRef('sku.product_id', '=', 'p.id')
            .as('stock'),
      ])
      .where('s.room_id', '=', roomId)
      .orderBy('s.sort')
      .execute() as Promise<ShelfRow[]>;
  }

  async replaceShelf(
    trx: LiveDb,
    roomId: number,
    items: { productId: number; status: ShelfRow['status'] }[],
  ) {
    await trx.deleteFrom('live_shelf').where('room_id', '=', roomId).execute();
    if (items.length === 0) return;
    await trx
      .insertInto('live_shelf')
      .values(
        items.map((i, sort) => ({
          room_id: roomId,
          product_id: i.productId,
          status: i.status,
          sort,
        })),
      )
      .execute();
  }

  async setShelfStatus(trx: LiveDb, roomId: number, productId: number, status: ShelfRow['status']) {
    const r = await trx
      .updateTable('live_shelf')
      .set({ status })
      .where('room_id', '=', roomId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Products of these on-sale SKUs that the room sells now (status onSale). */
  async sellable(roomId: number, skuIds: number[]) {
    return this.db
      .selectFrom('sku')
      .leftJoin('live_shelf as s', (j) =>
        j.onRef('s.product_id', '=', 'sku.product_id').on('s.room_id', '=', roomId),
      )
      .select(['sku.id', 'sku.product_id', 's.status'])
      .where('sku.id', 'in', skuIds)
      .execute();
  }

  onSaleProducts(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('product').select(['id', 'status']).where('id', 'in', ids).execute();
  }

  productTitle(skuId: number) {
    return this.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('product.title')
      .where('sku.id', '=', skuId)
      .executeTakeFirst();
  }
}
