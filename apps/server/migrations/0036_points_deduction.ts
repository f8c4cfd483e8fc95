import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Points as a checkout deduction (writeOrder/rule): what an order's points paid (in points and
 * in fen), each line's share of both, and what a refund gave back of them. And the notices of
 * points about to expire, one per user and year of points.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table shop_order add column points_used integer not null default 0;
    alter table shop_order add column points_amount integer not null default 0;
    alter table order_item add column points integer not null default 0;
    alter table order_item add column points_deduct integer not null default 0;
    alter table refund add column points_back integer not null default 0;
    alter table refund add column points_cash_back integer not null default 0;
    create table points_expiry_notice (
      user_id integer not null references app_user(id),
      year integer not null,
      points integer not null,
      created_at timestamptz not null default now(),
      primary key (user_id, year)
    );
    `,
  );
}
