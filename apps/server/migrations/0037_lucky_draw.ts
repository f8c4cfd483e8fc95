import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The lucky draw (幸运抽奖).
 * - draw_wheel: an operator's wheel: the points one spin costs, the free spins per China-time
 *   day and its active window.
 * - draw_prize: the wheel's slots. `stock` is what is left (null: unlimited, only for points and
 *   谢谢参与); a spin takes a unit by a conditional UPDATE (stock > 0), so no prize is given
 *   beyond its stock whatever the concurrency. `enabled` false: a slot dropped by an update
 *   (results keep pointing at it).
 * - draw_day: the free spins a user used on a wheel on a day, counted by a conditional UPDATE.
 * - draw_chance_grant: each grant of chances, keyed (a day's first paid order, an operator's
 *   client key) so that it counts once; draw_chance.spent: the chances a user spent, raised by a
 *   conditional UPDATE only while below the sum of the grants. A grant only inserts (the order
 *   payment's transaction never waits for a spin's row lock), a spin locks only its user's row.
 * - draw_result: every spin, keyed by the user's client key (a retry answers the first spin),
 *   with a snapshot of the prize; a product prize's ¥0 order is bound to it when claimed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table draw_wheel (
      id serial primary key,
      title varchar(40) not null,
      points_cost integer not null check (points_cost >= 0),
      free_per_day integer not null check (free_per_day >= 0),
      starts_at timestamptz not null,
      ends_at timestamptz,
      rules varchar(1000) not null default '',
      created_at timestamptz not null default now(),
      check (ends_at is null or ends_at > starts_at)
    );

    create table draw_prize (
      id serial primary key,
      wheel_id integer not null references draw_wheel(id),
      slot integer not null check (slot >= 0 and slot < 8),
      kind varchar(10) not null
        check (kind in ('coupon', 'redpacket', 'points', 'product', 'nothing')),
      title varchar(20) not null,
      coupon_template_id integer references coupon_template(id),
      amount integer check (amount > 0),
      sku_id integer references sku(id),
      weight integer not null check (weight >= 0),
      stock integer check (stock >= 0),
      enabled boolean not null default true,
      unique (wheel_id, slot),
      check ((kind = 'coupon') = (coupon_template_id is not null)),
      check ((kind in ('redpacket', 'points')) = (amount is not null)),
      check ((kind = 'product') = (sku_id is not null)),
      check (stock is not null or kind in ('points', 'nothing'))
    );

    create table draw_day (
      wheel_id integer not null references draw_wheel(id),
      user_id integer not null references app_user(id),
      day varchar(10) not null,
      free_used integer not null default 0 check (free_used >= 0),
      primary key (wheel_id, user_id, day)
    );

    create table draw_chance (
      user_id integer primary key references app_user(id),
      spent integer not null default 0 check (spent >= 0)
    );

    create table draw_chance_grant (
      id serial primary key,
      user_id integer not null references app_user(id),
      source varchar(8) not null check (source in ('order', 'admin')),
      ref varchar(64) not null,
      count integer not null check (count > 0),
      created_at timestamptz not null default now(),
      unique (user_id, source, ref)
    );

    create table draw_result (
      id serial primary key,
      wheel_id integer not null references draw_wheel(id),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      prize_id integer references draw_prize(id),
      kind varchar(10) not null
        check (kind in ('coupon', 'redpacket', 'points', 'product', 'nothing')),
      title varchar(20) not null,
      amount integer,
      coupon_template_id integer,
      sku_id integer,
      cost_kind varchar(8) not null check (cost_kind in ('free', 'chance', 'points')),
      cost_points integer not null default 0 check (cost_points >= 0),
      order_id integer references shop_order(id),
      order_no varchar(32),
      created_at timestamptz not null default now(),
      unique (user_id, client_key)
    );
    create index draw_result_user_idx on draw_result(user_id, id);
    create index draw_result_wheel_idx on draw_result(wheel_id, id);
  `,
  );
}
