import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The guessing game's cash entry fee: a round may ask for fen from the wallet (paid with the pay
 * password, like a balance payment) besides or instead of points; each entry keeps what it paid,
 * so a "money back" consolation returns exactly that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table game_round add column entry_cash integer not null default 0 check (entry_cash >= 0);
    alter table game_entry add column paid_cash integer not null default 0 check (paid_cash >= 0);
    `,
  );
}
