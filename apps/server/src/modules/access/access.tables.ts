import type { Generated, Kysely } from 'kysely';
import type { Json } from '../../platform/db-types.ts';

/** A store's console user (migration 0047): 商家, 店员 or 客服 of one store. */
export interface StaffMemberTable {
  id: Generated<number>;
  user_id: number;
  role: 'owner' | 'staff' | 'agent';
  store_id: number;
  /** A 店员's permissions as chosen by the owner; null = the role's defaults. */
  permissions: Json<string[]> | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** One console write: append-only (the database refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: number;
  actor_role: string;
  ip: string;
  resource: string;
  resource_id: string;
  action: string;
  store_id: number | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  diff: Json<Record<string, unknown[]>>;
}

export interface AccessTables {
  staff_member: StaffMemberTable;
  audit_log: AuditLogTable;
}

/** The database as this module sees it: its own tables (index.ts narrows the app's). */
export type AccessDb = Kysely<AccessTables>;
