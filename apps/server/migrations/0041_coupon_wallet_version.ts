import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * A version per user's coupon wallet, bumped by the database itself whenever any of the user's
 * coupons is written (claimed, issued, held, used, released, expired), in the writer's
 * transaction. Checkout reads the one-row version and reuses the node's copy of the wallet while
 * it is current, instead of reading every coupon on every preview (bench/coupons). Statement
 * triggers with transition tables: a batch that holds the coupons of many users bumps each once,
 * in user order (so two such batches never wait on each other in opposite orders). (runScript
 * splits on a semicolon at the end of a line: the function body keeps its own off line ends.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table coupon_wallet_version (
      user_id integer primary key,
      version bigint not null default 1
    );
    insert into coupon_wallet_version (user_id)
      select distinct user_id from user_coupon order by user_id;

    create function bump_coupon_wallet() returns trigger language plpgsql as $$
    begin
      insert into coupon_wallet_version (user_id)
        select distinct user_id from changed order by user_id
      on conflict (user_id) do update set version = coupon_wallet_version.version + 1; return null; end
    $$;

    create trigger user_coupon_wallet_insert after insert on user_coupon
      referencing new table as changed for each statement execute function bump_coupon_wallet();
    create trigger user_coupon_wallet_update after update on user_coupon
      referencing new table as changed for each statement execute function bump_coupon_wallet();
    create trigger user_coupon_wallet_delete after delete on user_coupon
      referencing old table as changed for each statement execute function bump_coupon_wallet();
    `,
  );
}
