import type { BargainEditionId } from '@chaopin/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import { skuReads } from '../../catalogue/index.ts';
import type { BargainDb, BargainItemTable } from '../bargain.tables.ts';
import { selectItems } from '../bargain-rows.repo.ts';

/** SQL of the operator's items: listing, creating, changing, and what an item refers to. */
export class AdminRepo {
  constructor(private readonly db: BargainDb) {}

  adminItems(edition: BargainEditionId | undefined, limit: number, offset: number) {
    let q = selectItems(this.db);
    if (edition) q = q.where('i.edition', '=', edition);
    let n = this.db.selectFrom('bargain_item');
    if (edition) n = n.where('edition', '=', edition);
    return Promise.all([
      q
        .orderBy('i.edition')
        .orderBy('i.sort')
        .orderBy('i.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      n.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  insertItem(row: Insertable<BargainItemTable>) {
    return this.db
      .insertInto('bargain_item')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  }

  updateItem(id: number, set: Updateable<BargainItemTable>) {
    return this.db.updateTable('bargain_item').set(set).where('id', '=', id).execute();
  }

  couponTemplateExists(id: number) {
    return this.db
      .selectFrom('coupon_template')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
  }

  skuOf(skuId: number) {
    return skuReads.basic(this.db, skuId);
  }
}
