import type { CatalogueDb } from '../catalogue.tables.ts';

/** SQL for product short links and their posters. */
export class ShareRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** The product's short link, made with `code` unless it already has one. */
  async ensureLink(productId: number, code: string) {
    await this.db
      .insertInto('product_share')
      .values({ code, product_id: productId })
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
    return this.db
      .selectFrom('product_share')
      .select(['code', 'poster_key'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
  }

  async setPosterKey(code: string, posterKey: string): Promise<void> {
    await this.db
      .updateTable('product_share')
      .set({ poster_key: posterKey })
      .where('code', '=', code)
      .execute();
  }

  async productOf(code: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('product_share')
      .select('product_id')
      .where('code', '=', code)
      .executeTakeFirst();
    return row?.product_id;
  }
}
