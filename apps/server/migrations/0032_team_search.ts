import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * 我的团队's keyword search by index (bench/team; docs/BENCHMARKS.md "My team"). A 2-character
 * keyword such as 小雨 has no trigram, so nicknames get their own GIN index of distinct 1- and
 * 2-character grams, stored (a functional index's recheck recomputed them: 360-470 ms on PGlite).
 * A match is `nickname_grams @> team_grams(keyword) and nickname ilike '%keyword%'`. Phones, all
 * digits, are searched from 3 digits by pg_trgm (0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create function team_grams(t text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct g), '{}') from (
        select substr(lower(t), i, n) g
        from generate_series(1, length(t)) i, generate_series(1, 2) n
        where i + n - 1 <= length(t)) s $$;
    alter table app_user add column nickname_grams text[]
      generated always as (team_grams(nickname)) stored;
    create index app_user_nickname_grams_idx on app_user using gin (nickname_grams);
    create index app_user_phone_trgm_idx on app_user using gin (phone gin_trgm_ops);
  `,
  );
}
