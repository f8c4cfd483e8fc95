import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { PlatformTables } from './db-types.ts';
import { yieldingClient } from './pglite-yield.ts';

export type DbKind = 'pglite' | 'postgres';

/** The database as the platform's own code sees it (its tables only). */
export type PlatformDb = Kysely<PlatformTables>;

/** An open database typed on `Tables`: the app passes its DB (database.ts), a test only what it reads. */
export interface Database<Tables> {
  db: Kysely<Tables>;
  kind: DbKind;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// int8 (counts, sums, bigint ids) parse to numbers: every value we store stays far below 2^53.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

/**
 * Opens PostgreSQL: a pool on DATABASE_URL (cluster mode), or PGlite in PGLITE_DIR (embedded),
 * or an in-memory PGlite when pgliteDir is 'memory://' (tests).
 */
export async function openDatabase<Tables>(opts: {
  databaseUrl?: string | undefined;
  /** Errors of idle pooled connections (e.g. PostgreSQL restarted) are logged, never thrown. */
  onIdleError?: (err: Error) => void;
  /** PGlite's directory, or memory:// */
  pgliteDir: string;
  /**
   * A PGlite data directory (`dumpDataDir`) to start from instead of an empty one: tests load a
   * migrated one, which skips PGlite's initdb (~2 s) and the migrations for every test app.
   */
  pgliteTemplate?: Blob;
  poolSize?: number;
}): Promise<Database<Tables>> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const location = opts.pgliteDir;
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, {
    extensions: { pg_trgm },
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  const db = new Kysely<Tables>({ dialect: new PGliteDialect(yieldingClient(client)) });
  // Kysely's destroy closes the PGlite instance (kysely-pglite-dialect >= 1.3.1).
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * The same database seen through a subset of its tables (e.g. the app's Kysely<DB> handed to
 * platform code typed on PlatformTables). Kysely's table parameter is invariant, so the compiler
 * would refuse the plain assignment; `Full extends Sub` keeps the cast honest.
 */
export function narrowDb<Sub, Full extends Sub = Sub>(
  // Transaction is named beside Kysely so that the compiler infers Full from a transaction too.
  db: Kysely<Full> | Transaction<Full>,
): Kysely<Sub> {
  return db as unknown as Kysely<Sub>;
}

/**
 * Any view of the app's database: the whole, a module's narrowed one, a transaction on either.
 * A module's read port (`userReads`, `skuReads`, ...) takes it, because it runs on the caller's
 * connection or builds a subquery for the caller's statement and so cannot name the caller's
 * tables; it narrows at once with `viewOf` to its own, so its SQL stays typed.
 */
// biome-ignore lint/suspicious/noExplicitAny: the caller's tables are unknown to the port (see above)
export type AnyDb = Kysely<any>;

/** A caller's database (AnyDb) seen through the tables of the read port that was handed it. */
export function viewOf<Tables>(db: AnyDb): Kysely<Tables> {
  return db as Kysely<Tables>;
}

/** An empty PGlite database with `prepare` applied, dumped for `pgliteTemplate` (tests). */
export async function pgliteDump(
  prepare: (db: Kysely<unknown>) => Promise<unknown>,
): Promise<Blob> {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  try {
    await prepare(db);
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}
