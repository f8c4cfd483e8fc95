import { type Selectable, sql } from 'kysely';
import type { BannerTable, CatalogueDb, MenuEntryTable } from '../catalogue.tables.ts';
import type { HomeActivityTable, HomePopupTable } from '../home-extras.tables.ts';

/** The home page's decor tables: banners, menu entries, activity buttons, popups. */
export type DecorTable = 'banner' | 'menu_entry' | 'home_activity' | 'home_popup';

export type BannerRow = Selectable<BannerTable>;
export type MenuRow = Selectable<MenuEntryTable>;
export type ActivityRow = Selectable<HomeActivityTable>;
export type PopupRow = Selectable<HomePopupTable>;

/** One row of any decor table, as the service reads it (it knows which table it asked). */
export type DecorRow = BannerRow | MenuRow | ActivityRow | PopupRow;

/** What a save writes, by table. */
export type DecorWrite =
  | { table: 'banner'; values: { title: string; image: string; link: string; enabled: boolean } }
  | { table: 'menu_entry'; values: { name: string; icon: string; link: string; enabled: boolean } }
  | {
      table: 'home_activity';
      values: { title: string; subtitle: string; image: string; link: string; enabled: boolean };
    }
  | {
      table: 'home_popup';
      values: {
        title: string;
        image: string;
        link: string;
        enabled: boolean;
        audience: 'all' | 'new';
        starts_at: Date;
        ends_at: Date;
      };
    };

/** SQL of the console's home decor: the same few statements over each decor table. */
export class DecorRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** Every row in display order (popups: newest start first). */
  async list(table: DecorTable): Promise<DecorRow[]> {
    if (table === 'home_popup') {
      return this.db
        .selectFrom('home_popup')
        .selectAll()
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    }
    return this.db.selectFrom(table).selectAll().orderBy('sort').orderBy('id').execute() as Promise<
      DecorRow[]
    >;
  }

  /** The row, locked until the transaction ends; undefined when there is none. */
  lock(db: CatalogueDb, table: DecorTable, id: number): Promise<DecorRow | undefined> {
    return db
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst() as Promise<DecorRow | undefined>;
  }

  /** The ids of a sorted table, locked, in display order. */
  lockOrder(db: CatalogueDb, table: Exclude<DecorTable, 'home_popup'>) {
    return db
      .selectFrom(table)
      .select(['id', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async insert(db: CatalogueDb, write: DecorWrite, sort: number): Promise<number> {
    const row =
      write.table === 'home_popup'
        ? await db
            .insertInto('home_popup')
            .values(write.values)
            .returning('id')
            .executeTakeFirstOrThrow()
        : write.table === 'banner'
          ? await db
              .insertInto('banner')
              .values({ ...write.values, sort })
              .returning('id')
              .executeTakeFirstOrThrow()
          : write.table === 'menu_entry'
            ? await db
                .insertInto('menu_entry')
                .values({ ...write.values, sort })
                .returning('id')
                .executeTakeFirstOrThrow()
            : await db
                .insertInto('home_activity')
                .values({ ...write.values, sort })
                .returning('id')
                .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(db: CatalogueDb, id: number, write: DecorWrite): Promise<void> {
    switch (write.table) {
      case 'banner':
        await db.updateTable('banner').set(write.values).where('id', '=', id).execute();
        return;
      case 'menu_entry':
        await db.updateTable('menu_entry').set(write.values).where('id', '=', id).execute();
        return;
      case 'home_activity':
        await db.updateTable('home_activity').set(write.values).where('id', '=', id).execute();
        return;
      case 'home_popup':
        await db.updateTable('home_popup').set(write.values).where('id', '=', id).execute();
        return;
    }
  }

  async setEnabled(
    db: CatalogueDb,
    table: DecorTable,
    id: number,
    enabled: boolean,
  ): Promise<void> {
    await db.updateTable(table).set({ enabled }).where('id', '=', id).execute();
  }

  async delete(db: CatalogueDb, table: DecorTable, id: number): Promise<void> {
    await db.deleteFrom(table).where('id', '=', id).execute();
  }

  /** Gives each id its place (1, 2, …) in one statement. */
  async reorder(db: CatalogueDb, table: Exclude<DecorTable, 'home_popup'>, ids: readonly number[]) {
    const values = sql.join(
      ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
      sql`, `,
    );
    await sql`
      update ${sql.table(table)} as d set sort = t.s
      from (values ${values}) as t(id, s)
      where d.id = t.id`.execute(db);
  }
}
