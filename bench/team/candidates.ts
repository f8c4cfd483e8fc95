// The queries bench:team found slow, next to candidate rewrites and indexes, on the same data
// (bench/team/seed.ts, vacuumed and analyzed): each statement under EXPLAIN ANALYZE, median of 7.
// Nothing here is the server's code: it backs the proposals in docs/BENCHMARKS.md ("My team").
//
//   node --import tsx team/candidates.ts                        (from bench/: PGlite in memory)
//   DATABASE_URL=postgres://…/test node --import tsx team/candidates.ts   (then a fresh database
//                                                                next to it, dropped after)
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { DB, Db } from '../../apps/server/src/database.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../../apps/server/src/platform/migrate.ts';
import { PROMOTER, seed } from './seed.ts';

const RUNS = 7;

/**
 * Candidate indexes. pg_trgm cannot serve a 2-character keyword (LIKE needs 3 characters in a
 * row to extract a trigram, and 小雨 is how people search a name), so nicknames get a GIN index on
 * their 1- and 2-character pieces, stored in a generated column (the recheck then reads the
 * array instead of recomputing it); phones, digits only, get pg_trgm's GIN index.
 */
const DDL = [
  `create or replace function team_grams(t text) returns text[] language sql immutable parallel safe as $$
     select coalesce(array_agg(distinct g), '{}') from (
       select substr(lower(t), i, n) g from generate_series(1, length(t)) i, generate_series(1, 2) n
       where i + n - 1 <= length(t)) s $$`,
  `alter table app_user add column if not exists nickname_grams text[]
     generated always as (team_grams(nickname)) stored`,
  'create index if not exists app_user_nickname_grams_idx on app_user using gin (nickname_grams)',
  'create index if not exists app_user_phone_trgm_idx on app_user using gin (phone gin_trgm_ops)',
  'vacuum analyze app_user',
];

const COLS = 'p.user_id, p.bound_at, p.identity, p.member_until, u.nickname, u.avatar, u.phone';
const FROM = 'promo_user p join app_user u on u.id = p.user_id';
const ORDER = 'order by p.bound_at desc, p.user_id desc';

interface Candidate {
  case: string;
  name: string;
  sql: string;
  params: (c: Cursors) => unknown[];
}
/** The last row of the page before the deep ones (what a cursor would carry). */
interface Cursors {
  l1: { bound_at: string; user_id: number };
  l2: { bound_at: string; user_id: number };
}

function candidates(): Candidate[] {
  const list: Candidate[] = [];
  for (const [level, col, page, key] of [
    [1, 'parent_id', 400, 'l1'],
    [2, 'grandparent_id', 4000, 'l2'],
  ] as const) {
    const c = `level ${level}, page ${page}`;
    const offset = (page - 1) * 20;
    list.push(
      {
        case: c,
        name: 'now: join, then OFFSET',
        sql: `select ${COLS} from ${FROM} where p.${col} = $1 ${ORDER} limit 20 offset ${offset}`,
        params: () => [PROMOTER],
      },
      {
        case: c,
        name: 'OFFSET on the index alone, then join 20 rows',
        sql: `select ${COLS} from (select user_id from promo_user where ${col} = $1
                order by bound_at desc, user_id desc limit 20 offset ${offset}) page
              join promo_user p on p.user_id = page.user_id join app_user u on u.id = p.user_id ${ORDER}`,
        params: () => [PROMOTER],
      },
      {
        case: c,
        name: 'keyset: after the last row of the page before',
        sql: `select ${COLS} from ${FROM} where p.${col} = $1
                and (p.bound_at, p.user_id) < ($2::timestamptz, $3::int) ${ORDER} limit 20`,
        params: (cur) => [PROMOTER, cur[key].bound_at, cur[key].user_id],
      },
    );
  }
  for (const [level, col, keyword] of [
    [1, 'parent_id', '小雨'],
    [2, 'grandparent_id', '小雨'],
    [2, 'grandparent_id', '8888'],
  ] as const) {
    const c = `level ${level}, keyword ${keyword}`;
    const like = `%${keyword}%`;
    const now = `p.${col} = $1 and (u.nickname ilike $2 or u.phone like $2)`;
    // Phones are digits: the phone condition only for a keyword of 3 digits or more.
    const digits = /^\d{3,}$/.test(keyword);
    const indexed = `p.${col} = $1 and ((u.nickname_grams @> team_grams($3) and u.nickname ilike $2)${digits ? ' or u.phone like $2' : ''})`;
    list.push(
      {
        case: c,
        name: 'now: page',
        sql: `select ${COLS} from ${FROM} where ${now} ${ORDER} limit 20`,
        params: () => [PROMOTER, like],
      },
      {
        case: c,
        name: 'now: count',
        sql: `select count(*) from ${FROM} where ${now}`,
        params: () => [PROMOTER, like],
      },
      {
        case: c,
        name: 'grams index: page',
        sql: `select ${COLS} from ${FROM} where ${indexed} ${ORDER} limit 20`,
        params: () => [PROMOTER, like, keyword],
      },
      {
        case: c,
        name: 'grams index: count',
        sql: `select count(*) from ${FROM} where ${indexed}`,
        params: () => [PROMOTER, like, keyword],
      },
      {
        case: c,
        name: 'grams index: page and count(*) over () in one statement',
        sql: `select ${COLS}, count(*) over () as total from ${FROM} where ${indexed} ${ORDER} limit 20`,
        params: () => [PROMOTER, like, keyword],
      },
    );
  }
  return list;
}

async function cursors(db: Db): Promise<Cursors> {
  const at = async (col: string, offset: number) => {
    const r = await db.executeQuery<{ bound_at: string; user_id: number }>(
      CompiledQuery.raw(
        `select bound_at::text, user_id from promo_user where ${col} = $1
         order by bound_at desc, user_id desc limit 1 offset ${offset}`,
        [PROMOTER],
      ),
    );
    return r.rows[0]!;
  };
  return { l1: await at('parent_id', 399 * 20 - 1), l2: await at('grandparent_id', 3999 * 20 - 1) };
}

async function measure(db: Db): Promise<Map<string, number>> {
  await migrateToLatest(db);
  await seed(db);
  for (const d of DDL) await db.executeQuery(CompiledQuery.raw(d));
  const cur = await cursors(db);
  const out = new Map<string, number>();
  for (const c of candidates()) {
    const times: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      const r = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (analyze) ${c.sql}`, c.params(cur)),
      );
      const plan = r.rows.map((row) => Object.values(row)[0]).join('\n');
      times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
    }
    times.sort((a, b) => a - b);
    out.set(`${c.case}|${c.name}`, times[RUNS >> 1]!);
  }
  return out;
}

const results: [string, Map<string, number>][] = [];
{
  const { db, close } = await openDatabase<DB>({ pgliteDir: 'memory://' });
  try {
    results.push(['PGlite', await measure(db)]);
  } finally {
    await close();
  }
}
if (process.env.DATABASE_URL) {
  const name = `bench_team_${randomBytes(3).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const { db, close } = await openDatabase<DB>({
    databaseUrl: url.toString(),
    pgliteDir: 'memory://',
  });
  try {
    results.push(['PostgreSQL', await measure(db)]);
  } finally {
    await close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}
console.log(`\n| case | statement | ${results.map(([m]) => `${m} ms`).join(' | ')} |`);
console.log(`|---|---|${results.map(() => '---:').join('|')}|`);
for (const c of candidates()) {
  const key = `${c.case}|${c.name}`;
  console.log(
    `| ${c.case} | ${c.name} | ${results.map(([, m]) => m.get(key)!.toFixed(2)).join(' | ')} |`,
  );
}
