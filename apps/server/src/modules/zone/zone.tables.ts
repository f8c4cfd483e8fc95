import type { ZoneKind } from '@chaopin/contracts';
import type { ColumnType, Generated } from 'kysely';

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
