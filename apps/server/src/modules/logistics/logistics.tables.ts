import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db-types.ts';

/** One row per shipped order, for the sweeper: signing and automatic receipt happen once each. */
export interface LogisticsShipmentTable {
  order_no: string;
  user_id: number;
  next_check_at: Timestamp;
  signed_at: Timestamp | null;
  auto_confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface LogisticsTables {
  logistics_shipment: LogisticsShipmentTable;
}
