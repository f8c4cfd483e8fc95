import type { Generated, Kysely } from 'kysely';

/** A delivery address; soft-deleted so that orders keep what they copied. */
export interface UserAddressTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone: string;
  province_code: string;
  province: string;
  city_code: string;
  city: string;
  district_code: string;
  district: string;
  detail: string;
  is_default: Generated<boolean>;
  deleted_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface AddressTables {
  user_address: UserAddressTable;
}

/** The database as this module sees it: its own tables only (index.ts narrows the app's). */
export type AddressDb = Kysely<AddressTables>;
