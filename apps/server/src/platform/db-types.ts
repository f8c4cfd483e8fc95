import type { ColumnType, Generated } from 'kysely';

/**
 * Column helpers for every table's row type, and the tables the platform itself owns. Each module
 * keeps its own row types in `<module>.tables.ts`; database.ts (beside app.ts) composes them all
 * into the app's DB, so the platform never knows the modules.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string, string>;

export interface BlobTable {
  key: string;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_at: Generated<Date>;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

/** The platform's own tables: the DbBlobStore's files, and app-wide values (the app secret, seed markers). */
export interface PlatformTables {
  blob: BlobTable;
  app_meta: AppMetaTable;
}
