import { type Kysely, sql } from 'kysely';

/**
 * Runs a migration script statement by statement: PGlite's extended protocol takes one
 * statement per query. Statements are split on a semicolon at the end of a line, so
 * migration texts must not end a line inside a string or function body with one.
 */
export async function runScript<T>(db: Kysely<T>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
