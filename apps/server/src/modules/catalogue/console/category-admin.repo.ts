import { sql } from 'kysely';
import type { CatalogueDb } from '../catalogue.tables.ts';

export interface CategoryWrite {
  parent_id: number | null;
  name: string;
  icon: string;
}

/** SQL of the console's category tree: reads with product counts, and every category write. */
export class CategoryAdminRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** Every category in display order, with how many products are filed directly under it. */
  all() {
    return this.db
      .selectFrom('category as c')
      .select([
        'c.id',
        'c.parent_id',
        'c.name',
        'c.icon',
        'c.sort',
        (eb) =>
          eb
            .selectFrom('product as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.category_id', '=', 'c.id')
            .as('product_count'),
      ])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
  }

  byId(db: CatalogueDb, id: number) {
    return db
      .selectFrom('category')
      .select(['id', 'parent_id', 'name', 'icon', 'sort'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  lock(db: CatalogueDb, id: number) {
    return db
      .selectFrom('category')
      .select(['id', 'parent_id', 'name', 'icon', 'sort'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The siblings under `parentId` (null: the first level), locked, in display order. */
  lockSiblings(db: CatalogueDb, parentId: number | null) {
    const q = db.selectFrom('category').select(['id', 'name', 'sort']);
    return (
      parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId)
    )
      .orderBy('sort')
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async childCount(db: CatalogueDb, id: number): Promise<number> {
    const row = await db
      .selectFrom('category')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async productCount(db: CatalogueDb, id: number): Promise<number> {
    const row = await db
      .selectFrom('product')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  insert(db: CatalogueDb, values: CategoryWrite & { sort: number }) {
    return db.insertInto('category').values(values).returning('id').executeTakeFirstOrThrow();
  }

  update(db: CatalogueDb, id: number, values: CategoryWrite & { sort?: number }) {
    return db.updateTable('category').set(values).where('id', '=', id).execute();
  }

  /** Gives each id its place (1, 2, …) in one statement. */
  async reorder(db: CatalogueDb, ids: readonly number[]): Promise<void> {
    const values = sql.join(
      ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
      sql`, `,
    );
    await sql`
      update category set sort = t.s
      from (values ${values}) as t(id, s)
      where category.id = t.id`.execute(db);
  }

  delete(db: CatalogueDb, id: number) {
    return db.deleteFrom('category').where('id', '=', id).execute();
  }
}
