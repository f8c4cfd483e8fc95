import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Card collecting (集卡).
 * - card_campaign: an operator's campaign with its full-set reward and per-user exchange limit.
 * - card_kind: the campaign's N kinds, each with its draw weight (position orders them).
 * - card_holding: a user's count of one kind; `count >= 0` is the floor every conditional
 *   decrement (a gift, an exchange) relies on.
 * - card_log: every movement. Its unique (user, campaign, source, ref) key makes an action's card
 *   once per China day (ref = the day) whatever the taps and nodes.
 * - card_exchange: a full set exchanged; unique (user, campaign, seq) keeps the per-user limit
 *   exact under concurrent taps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table card_campaign (
      id serial primary key,
      title varchar(40) not null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      reward_kind varchar(12) not null check (reward_kind in ('coupon', 'redpacket', 'points')),
      coupon_template_id integer references coupon_template(id),
      amount integer check (amount > 0),
      max_exchanges integer not null default 1 check (max_exchanges >= 1),
      created_at timestamptz not null default now(),
      check (end_at > start_at),
      check (reward_kind <> 'coupon' or coupon_template_id is not null),
      check (reward_kind = 'coupon' or amount is not null)
    );
    create index card_campaign_active_idx on card_campaign(end_at, start_at);

    create table card_kind (
      id serial primary key,
      campaign_id integer not null references card_campaign(id),
      position integer not null,
      name varchar(8) not null,
      weight integer not null check (weight > 0),
      unique (campaign_id, position)
    );

    create table card_holding (
      user_id integer not null references app_user(id),
      kind_id integer not null references card_kind(id),
      campaign_id integer not null references card_campaign(id),
      count integer not null default 0 check (count >= 0),
      primary key (user_id, kind_id)
    );
    create index card_holding_campaign_idx on card_holding(user_id, campaign_id);

    create table card_log (
      id serial primary key,
      user_id integer not null references app_user(id),
      campaign_id integer not null references card_campaign(id),
      kind_id integer not null references card_kind(id),
      delta integer not null,
      source varchar(12) not null
        check (source in ('signin', 'order', 'share', 'gift_in', 'gift_out', 'exchange', 'admin')),
      ref varchar(64) not null,
      peer_user_id integer references app_user(id),
      created_at timestamptz not null default clock_timestamp(),
      unique (user_id, campaign_id, source, ref)
    );
    create index card_log_user_idx on card_log(user_id, campaign_id, id);

    create table card_exchange (
      id serial primary key,
      user_id integer not null references app_user(id),
      campaign_id integer not null references card_campaign(id),
      seq integer not null check (seq >= 1),
      reward_text varchar(60) not null,
      created_at timestamptz not null default now(),
      unique (user_id, campaign_id, seq)
    );
  `,
  );
}
