import type { Generated, Kysely } from 'kysely';

/**
 * One SKU in a user's cart. The SKU is not a foreign key: a line whose SKU is deleted stays and
 * shows as invalid. title / image / sku_name are copied at add time only to show such lines;
 * prices and stock are always read live from the catalogue.
 */
export interface CartItemTable {
  id: Generated<number>;
  user_id: number;
  sku_id: number;
  quantity: number;
  selected: Generated<boolean>;
  title: string;
  image: string;
  sku_name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface CartTables {
  cart_item: CartItemTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type CartDb = Kysely<CartTables>;
