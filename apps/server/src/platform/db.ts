import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
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
export function narrowDb<Sub, Full extends Sub = Sub>(db: Kysely<Full>): Kysely<Sub> {
  return db as unknown as Kysely<Sub>;
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
