import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_catalogue.ts';

/** Every migration, in order. Landed migrations are never edited: add a new file instead. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_catalogue': m0002,
};
