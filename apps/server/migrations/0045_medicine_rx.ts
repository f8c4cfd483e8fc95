import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * 处方药: a product sold only against a pharmacist's prescription. Its detail page says so; the
 * flag is what order placement will check.
 * medicine_prescription_line: each prescribed drug is a SKU and a quantity (the prescription's
 * drugs text stays as the display copy, name and spec taken from the SKU when written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table product add column rx boolean not null default false;

    create table medicine_prescription_line (
      prescription_id integer not null references medicine_prescription(id),
      sku_id integer not null references sku(id),
      quantity integer not null check (quantity between 1 and 99),
      primary key (prescription_id, sku_id)
    );
    `,
  );
}
