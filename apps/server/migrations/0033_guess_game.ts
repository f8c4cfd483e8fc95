import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The prize-guessing game (竞猜).
 * - game_round: an operator's round; `status` moves open → settled once, in the transaction that
 *   writes the winner and every consolation (the settlement job locks due rounds with FOR UPDATE
 *   SKIP LOCKED, so one node settles each).
 * - game_entry: one per player and round (the unique key makes joining once, whatever the taps
 *   and nodes); `bonus_guesses` are the extra guesses friends earned through the invite link.
 * - game_guess: the sealed guesses; the id orders them by submission (ties go to the earliest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table game_round (
      id serial primary key,
      sku_id integer not null references sku(id),
      real_price integer not null check (real_price > 0),
      entry_points integer not null check (entry_points >= 0),
      guesses_per_entry integer not null check (guesses_per_entry >= 1),
      close_at timestamptz not null,
      consolation varchar(8) not null check (consolation in ('points', 'coupon', 'none')),
      coupon_template_id integer references coupon_template(id),
      status varchar(8) not null default 'open' check (status in ('open', 'settled')),
      winner_user_id integer references app_user(id),
      winner_guess_id integer,
      settled_at timestamptz,
      prize_order_id integer,
      prize_order_no varchar(32),
      created_at timestamptz not null default now(),
      check (consolation <> 'coupon' or coupon_template_id is not null)
    );
    create index game_round_due_idx on game_round(close_at) where status = 'open';

    create table game_entry (
      id serial primary key,
      round_id integer not null references game_round(id),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      paid_points integer not null check (paid_points >= 0),
      inviter_id integer references app_user(id),
      bonus_guesses integer not null default 0 check (bonus_guesses >= 0),
      used integer not null default 0 check (used >= 0),
      consolation varchar(8) check (consolation in ('prize', 'points', 'coupon', 'none')),
      consolation_text varchar(60),
      created_at timestamptz not null default now(),
      unique (round_id, user_id)
    );
    create index game_entry_inviter_idx on game_entry(round_id, inviter_id);

    create table game_guess (
      id serial primary key,
      round_id integer not null references game_round(id),
      entry_id integer not null references game_entry(id),
      user_id integer not null references app_user(id),
      price integer not null check (price > 0),
      created_at timestamptz not null default clock_timestamp()
    );
    create index game_guess_round_idx on game_guess(round_id, id);
    create index game_guess_entry_idx on game_guess(entry_id);
  `,
  );
}
