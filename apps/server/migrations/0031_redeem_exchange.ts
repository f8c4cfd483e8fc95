import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Redeem codes and the points mall.
 *
 * redeem_batch: what each code of the batch gives and until when; `sealed_codes` holds the
 * batch's plaintext codes encrypted with a key derived from the app secret until the one export,
 * which clears it (afterwards only the hashes exist). redeem_code: one row per code, keyed by the
 * HMAC of the normalised code; `redeemed_by` is set once by a conditional UPDATE in the same
 * transaction as the grant, so a code is redeemed once however many try it at once.
 *
 * exchange_item: a mall item with exact stock (`sold` raised only while below `stock`);
 * exchange_count: a user's units per item (raised only while below the limit); exchange_order: one
 * row per purchase, unique per (user, client key) so a retried purchase spends nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table redeem_batch (
      id serial primary key,
      name varchar(40) not null,
      kind varchar(12) not null check (kind in ('coupon', 'redpacket', 'points')),
      coupon_template_id integer references coupon_template(id),
      amount integer check (amount > 0),
      count integer not null check (count > 0),
      redeemed integer not null default 0 check (redeemed >= 0 and redeemed <= count),
      expires_at timestamptz not null,
      sealed_codes text,
      exported_at timestamptz,
      created_at timestamptz not null default now(),
      check ((kind = 'coupon') = (coupon_template_id is not null)),
      check ((kind = 'coupon') = (amount is null))
    );

    create table redeem_code (
      id serial primary key,
      batch_id integer not null references redeem_batch(id),
      code_hash char(64) not null unique,
      code_tail char(4) not null,
      redeemed_by integer references app_user(id),
      redeemed_at timestamptz,
      check ((redeemed_by is null) = (redeemed_at is null))
    );
    create index redeem_code_batch_idx on redeem_code(batch_id);
    create index redeem_code_user_idx on redeem_code(redeemed_by, redeemed_at desc)
      where redeemed_by is not null;

    create table exchange_item (
      id serial primary key,
      title varchar(40) not null,
      kind varchar(12) not null check (kind in ('coupon', 'redpacket')),
      coupon_template_id integer references coupon_template(id),
      amount integer check (amount > 0),
      image varchar(500) not null default '',
      points integer not null check (points > 0),
      stock integer not null check (stock >= 0),
      sold integer not null default 0 check (sold >= 0 and sold <= stock),
      per_user_limit integer not null check (per_user_limit > 0),
      on_sale boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      check ((kind = 'coupon') = (coupon_template_id is not null)),
      check ((kind = 'coupon') = (amount is null))
    );

    create table exchange_count (
      item_id integer not null references exchange_item(id),
      user_id integer not null references app_user(id),
      bought integer not null check (bought > 0),
      primary key (item_id, user_id)
    );

    create table exchange_order (
      id serial primary key,
      item_id integer not null references exchange_item(id),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      points integer not null check (points > 0),
      created_at timestamptz not null default now(),
      unique (user_id, client_key)
    );
    create index exchange_order_user_idx on exchange_order(user_id, id desc);
  `,
  );
}
