import type { ZoneKind } from '@chaopin/contracts';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

export interface ZoneTable {
  id: Generated<number>;
  key: string;
  title: string;
  banner: Generated<string>;
  rules: Generated<string>;
  theme: Generated<string>;
  kind: ColumnType<ZoneKind, ZoneKind | undefined, ZoneKind>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ZoneItemTable {
  id: Generated<number>;
  zone_id: number;
  product_id: number;
  sku_id: number | null;
  label: Generated<string>;
  sort: Generated<number>;
}

export type NewUserRefundState = 'pending' | 'frozen' | 'paid' | 'cancelled';

export interface NewUserRefundTable {
  id: Generated<number>;
  user_id: number;
  phone_hash: string;
  order_id: number;
  order_no: string;
  amount: number;
  state: ColumnType<NewUserRefundState, NewUserRefundState | undefined, NewUserRefundState>;
  settle_at: Date | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface ZoneTables {
  zone: ZoneTable;
  zone_item: ZoneItemTable;
  new_user_refund: NewUserRefundTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type ZoneReadViews = Pick<DB, 'category' | 'product' | 'sku' | 'store'>;

/** What this module's repos may query: its own tables and its read views. */
export type ZoneSchema = ZoneTables & ZoneReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type ZoneDb = Kysely<ZoneSchema>;
