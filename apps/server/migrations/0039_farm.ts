import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The farm game (种果树).
 * - farm_fruit: the operator's fruit kinds: the water to ripen, where each of the five stages
 *   starts (JSON array of percents) and the harvest: a coupon template or a product SKU (one unit
 *   as a ¥0 deal order). `deleted_at` hides a kind from new plantings; planted trees keep theirs.
 * - farm_kettle: each user's water; `water >= 0` is the floor the conditional UPDATE of a tap
 *   (water >= step) relies on.
 * - farm_tree: a planting, with its fruit's water and reward copied in. `state` moves
 *   growing → ripe → harvested by conditional UPDATEs; the partial unique index keeps one live
 *   (growing or ripe) tree per user whatever the taps and nodes.
 * - farm_water_log: every movement of water; (source, ref) is unique so that a day's water, an
 *   order's water or a friend pair's help of a day is given once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table farm_fruit (
      id serial primary key,
      name varchar(20) not null,
      image varchar(500) not null default '',
      water_needed integer not null check (water_needed > 0),
      stage_percents varchar(40) not null default '[0,10,30,60,100]',
      reward varchar(8) not null check (reward in ('coupon', 'product')),
      coupon_template_id integer references coupon_template(id),
      sku_id integer references sku(id),
      enabled boolean not null default true,
      sort integer not null default 0,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      check ((reward = 'coupon') = (coupon_template_id is not null)),
      check ((reward = 'product') = (sku_id is not null))
    );

    create table farm_kettle (
      user_id integer primary key references app_user(id),
      water integer not null default 0 check (water >= 0),
      updated_at timestamptz not null default now()
    );

    create table farm_tree (
      id serial primary key,
      user_id integer not null references app_user(id),
      fruit_id integer not null references farm_fruit(id),
      water_needed integer not null check (water_needed > 0),
      stage_percents varchar(40) not null,
      growth integer not null default 0 check (growth >= 0 and growth <= water_needed),
      state varchar(10) not null default 'growing'
        check (state in ('growing', 'ripe', 'harvested')),
      reward varchar(8) not null check (reward in ('coupon', 'product')),
      coupon_template_id integer references coupon_template(id),
      sku_id integer references sku(id),
      order_id integer references shop_order(id),
      order_no varchar(32),
      planted_at timestamptz not null default now(),
      ripe_at timestamptz,
      harvested_at timestamptz
    );
    create unique index farm_tree_live_idx on farm_tree(user_id) where state in ('growing', 'ripe');
    create index farm_tree_user_idx on farm_tree(user_id, id);

    create table farm_water_log (
      id serial primary key,
      user_id integer not null references app_user(id),
      source varchar(8) not null check (source in ('daily', 'order', 'help', 'share', 'water')),
      amount integer not null,
      ref varchar(80) not null,
      friend_id integer references app_user(id),
      tree_id integer references farm_tree(id),
      day varchar(10) not null,
      created_at timestamptz not null default now(),
      unique (source, ref)
    );
    create index farm_water_log_user_idx on farm_water_log(user_id, id);
    create index farm_water_log_day_idx on farm_water_log(user_id, day, source);
  `,
  );
}
