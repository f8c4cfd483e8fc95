import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Rewards of a paid order undone by the refund that undoes the order (issue 32).
 * - draw_chance_grant: a reversal is a grant of minus the chances (source `refund`, keyed by the
 *   order number, so once); chances left are still grants − spent, so a chance already spent
 *   leaves grants below spent: a debt the next earned chance pays first. `order_no` names the
 *   order a day's first-order grant belongs to.
 * - ledger_account: a points account may go below zero, as a commission account may: a refund
 *   taking back a first-order bonus already spent leaves a debt that later earnings pay first.
 *   The floor of every spend stays in the ledger's guarded update (Ledger.post), and the balance
 *   a user sees or spends is never below 0 (Ledger.pointsOf).
 * - card_log: the order a day's order card belongs to (`order_no`); its reversal (source `refund`,
 *   keyed by the order number, so once) and a debt's payment (source `debt`). card_debt: cards a
 *   reversal found none left to take back (all given away or exchanged); the next card earned in
 *   that campaign pays it first.
 * - farm_kettle.debt: water a reversal could not take from the kettle (already poured into the
 *   tree); the next water given pays it first. farm_water_log gains the source `refund`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table draw_chance_grant drop constraint draw_chance_grant_source_check;
    alter table draw_chance_grant add constraint draw_chance_grant_source_check
      check (source in ('order', 'admin', 'refund'));
    alter table draw_chance_grant drop constraint draw_chance_grant_count_check;
    alter table draw_chance_grant add constraint draw_chance_grant_count_check
      check ((source = 'refund') = (count < 0) and count <> 0);
    alter table draw_chance_grant add column order_no varchar(32);
    create index draw_chance_grant_order_idx on draw_chance_grant(order_no)
      where order_no is not null;

    alter table ledger_account drop constraint ledger_account_check;
    alter table ledger_account add constraint ledger_account_check
      check (kind not in ('wallet', 'redpacket') or balance >= 0);

    alter table card_log drop constraint card_log_source_check;
    alter table card_log add constraint card_log_source_check check (source in
      ('signin', 'order', 'share', 'gift_in', 'gift_out', 'exchange', 'admin', 'refund', 'debt'));
    alter table card_log add column order_no varchar(32);
    create index card_log_order_idx on card_log(order_no) where order_no is not null;
    create table card_debt (
      user_id integer not null references app_user(id),
      campaign_id integer not null references card_campaign(id),
      count integer not null check (count >= 0),
      primary key (user_id, campaign_id)
    );

    alter table farm_kettle add column debt integer not null default 0 check (debt >= 0);
    alter table farm_water_log drop constraint farm_water_log_source_check;
    alter table farm_water_log add constraint farm_water_log_source_check
      check (source in ('daily', 'order', 'help', 'share', 'water', 'refund'));
  `,
  );
}
