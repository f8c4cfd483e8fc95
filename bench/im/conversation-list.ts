// Conversation list pages for a busy account (a shop's 客服 with thousands of conversations):
// the query before migration 0017 (each conversation's last message time read from im_message),
// the one of 0017 (the time on im_seq, every conversation sorted) and the current one (0018: C2C
// rows read in index order, groups by im_seq), on the same data, in the same run.
//
//   npm run bench:im-conversations -w @chaopin/bench                 (embedded: PGlite in memory)
//   DATABASE_URL=postgres://… npm run bench:im-conversations -w @chaopin/bench   (a fresh database)
//   SIZES=1000,5000,20000 ROUNDS=15
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { DB, Db } from '../../apps/server/src/database.ts';
import { ConversationRepo } from '../../apps/server/src/modules/im/messages/conversation.repo.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../../apps/server/src/platform/migrate.ts';

const SIZES = (process.env.SIZES ?? '1000,5000,20000').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const PAGE = 20;
const ACCOUNT = 'store_1';

/** The query before migration 0017: the order key is read from each conversation's last message. */
async function previousPage(db: Db, after: { lastMs: number; id: string } | undefined) {
  const lastMs = sql`coalesce(m.time_ms, 0)`;
  const cursor = after
    ? sql`and (${lastMs} < ${after.lastMs}::bigint
        or (${lastMs} = ${after.lastMs}::bigint and c.conversation_id collate "C" < ${after.id}))`
    : sql``;
  const { rows } = await sql<{ conversation_id: string; last_ms: number }>`
    select c.user_id, c.conv_key, c.conversation_id, c.start_seq, c.read_seq, c.read_ms,
      c.at_read_seq, s.last_seq, ${lastMs} as last_ms
    from im_conversation c
    join im_seq s on s.conv_key = c.conv_key
    left join im_message m on m.conv_key = s.conv_key and m.seq = s.last_seq
    where c.user_id = ${ACCOUNT} and s.last_seq > c.start_seq ${cursor}
    order by last_ms desc, c.conversation_id collate "C" desc
    limit ${PAGE}`.execute(db);
  return rows.map((r) => ({ id: r.conversation_id, lastMs: Number(r.last_ms) }));
}

/** The query of migration 0017: the order key from im_seq.last_ms, every conversation sorted. */
async function seqTimePage(db: Db, after: { lastMs: number; id: string } | undefined) {
  const cursor = after
    ? sql`and (s.last_ms < ${after.lastMs}::bigint
        or (s.last_ms = ${after.lastMs}::bigint and c.conversation_id collate "C" < ${after.id}))`
    : sql``;
  const { rows } = await sql<{ conversation_id: string; last_ms: number }>`
    select c.user_id, c.conv_key, c.conversation_id, c.start_seq, c.read_seq, c.read_ms,
      c.at_read_seq, s.last_seq, s.last_ms
    from im_conversation c
    join im_seq s on s.conv_key = c.conv_key
    where c.user_id = ${ACCOUNT} and s.last_seq > c.start_seq ${cursor}
    order by s.last_ms desc, c.conversation_id collate "C" desc
    limit ${PAGE}`.execute(db);
  return rows.map((r) => ({ id: r.conversation_id, lastMs: Number(r.last_ms) }));
}

async function currentPage(
  repo: ConversationRepo,
  after: { lastMs: number; id: string } | undefined,
) {
  const rows = await repo.page(
    ACCOUNT,
    after ? { lastMs: after.lastMs, conversationID: after.id } : undefined,
    PAGE,
  );
  return rows.map((r) => ({ id: r.conversation_id, lastMs: r.last_ms }));
}

/** `n` buyers, each with 3 messages to and from the account; the newest conversations last. */
async function seed(db: Db, from: number, to: number) {
  await sql`
    insert into im_seq (conv_key, last_seq, last_ms)
    select 'c2c:' || ${ACCOUNT} || '|b' || g, 3, 1700000000000 + g * 1000 + 3
    from generate_series(${from}::int, ${to}::int) g`.execute(db);
  await sql`
    insert into im_message (conv_key, seq, msg_id, conv_type, from_id, to_id, random, time_ms, type, payload)
    select 'c2c:' || ${ACCOUNT} || '|b' || g, s, 'c2c:' || ${ACCOUNT} || '|b' || g || '#' || s, 'C2C',
      case when s = 2 then ${ACCOUNT} else 'b' || g end, case when s = 2 then 'b' || g else ${ACCOUNT} end,
      s, 1700000000000 + g * 1000 + s, 'TIMTextElem', '{"text":"请问什么时候发货？"}'
    from generate_series(${from}::int, ${to}::int) g, generate_series(1, 3) s`.execute(db);
  await sql`
    insert into im_conversation (user_id, conv_key, conversation_id, last_ms)
    select u, 'c2c:' || ${ACCOUNT} || '|b' || g, case when u = ${ACCOUNT} then 'C2Cb' || g else 'C2C' || ${ACCOUNT} end,
      1700000000000 + g * 1000 + 3
    from generate_series(${from}::int, ${to}::int) g, unnest(array[${ACCOUNT}, 'b' || g]) u`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Pages through the whole list; checks both variants list the same conversations in one order. */
async function readAll(
  next: (after?: { lastMs: number; id: string }) => Promise<Array<{ id: string; lastMs: number }>>,
) {
  const ids: string[] = [];
  let after: { lastMs: number; id: string } | undefined;
  for (;;) {
    const page = await next(after);
    ids.push(...page.map((p) => p.id));
    if (page.length < PAGE) return ids;
    after = page.at(-1);
  }
}

async function main() {
  const base = process.env.DATABASE_URL;
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (base) {
    dbName = `bench_convlist_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const { db, close } = await openDatabase<DB>({ databaseUrl, pgliteDir: 'memory://' });
  try {
    await migrateToLatest(db);
    const repo = new ConversationRepo(db);
    const mode = base ? 'PostgreSQL' : 'PGlite (embedded)';
    console.log(
      `\n| database | conversations | variant | first page p50 ms | page 50 p50 ms | whole list (all pages) s |`,
    );
    console.log('|---|---:|---|---:|---:|---:|');
    let seeded = 0;
    for (const n of SIZES) {
      await seed(db, seeded + 1, n);
      seeded = n;
      const prevAll = await readAll((a) => previousPage(db, a));
      const currAll = await readAll((a) => currentPage(repo, a));
      const seqAll = await readAll((a) => seqTimePage(db, a));
      if (
        prevAll.length !== n ||
        currAll.join() !== prevAll.join() ||
        seqAll.join() !== prevAll.join()
      )
        throw new Error(`variants disagree at ${n}: ${prevAll.length} vs ${currAll.length}`);
      const deep = { lastMs: 0, id: '' };
      const at50 = prevAll[Math.min(50 * PAGE, n) - 1] ?? '';
      // the cursor of page 50 (as the SDK would send it)
      deep.id = at50;
      deep.lastMs = 1700000000000 + Number(at50.replace('C2Cb', '')) * 1000 + 3;
      for (const [name, page] of [
        ['0016: last time from im_message', (a?: typeof deep) => previousPage(db, a)],
        ['0017: im_seq.last_ms, all sorted', (a?: typeof deep) => seqTimePage(db, a)],
        ['0018: C2C rows by index + groups', (a?: typeof deep) => currentPage(repo, a)],
      ] as const) {
        const first: number[] = [];
        const later: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          first.push(await time(() => page()));
          later.push(await time(() => page(deep)));
        }
        const whole = await time(() => readAll(page));
        console.log(
          `| ${mode} | ${n.toLocaleString('en')} | ${name} | ${median(first).toFixed(1)} | ${median(later).toFixed(1)} | ${(whole / 1000).toFixed(2)} |`,
        );
      }
    }
  } finally {
    await close();
    if (base && dbName) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop database ${dbName} with (force)`);
      await admin.end();
    }
  }
}

await main();
