import type { ColumnType, Generated } from 'kysely';
import type { AddressTables } from '../modules/address/address.tables.ts';
import type { AftersaleTables } from '../modules/aftersale/aftersale.tables.ts';
import type { CartTables } from '../modules/cart/cart.tables.ts';
import type { CatalogueDetailTables } from '../modules/catalogue/catalogue-detail.tables.ts';
import type { HomeExtrasTables } from '../modules/catalogue/home-extras.tables.ts';
import type { ImTables } from '../modules/im/im.tables.ts';
import type { InvoiceTables } from '../modules/invoice/invoice.tables.ts';
import type { LogisticsTables } from '../modules/logistics/logistics.tables.ts';
import type { MessageTables } from '../modules/message/message.tables.ts';
import type { OrderTables } from '../modules/order/order.tables.ts';

/** Row types of every table; one interface per table, named after it. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string, string>;

export interface AppUserTable {
  id: Generated<number>;
  phone: string;
  nickname: string;
  avatar: string;
  role: Generated<string>;
  status: Generated<number>;
  password_hash: string | null;
  login_fails: Generated<number>;
  login_locked_until: Date | null;
  pay_password_hash: string | null;
  pay_password_fails: Generated<number>;
  pay_password_locked_until: Date | null;
  real_name_masked: string | null;
  id_card_masked: string | null;
  id_card_hash: string | null;
  real_name_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UserSessionTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

export interface VerificationTicketTable {
  ticket_hash: string;
  user_id: number;
  purpose: string;
  expires_at: Timestamp;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

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

export interface StoreTable {
  id: Generated<number>;
  name: string;
  logo: string;
  description: string;
  score: Generated<number>;
  created_at: Generated<Date>;
  /** Blob key of the generated business-licence image, set on first request. */
  license_key: string | null;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  icon: string;
  sort: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  store_id: number;
  category_id: number;
  title: string;
  subtitle: string;
  main_image: string;
  images: Json<string[]>;
  video: string | null;
  price: number;
  origin_price: number;
  sales: Generated<number>;
  status: Generated<number>;
  detail: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SkuTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  specs: Json<Record<string, string>>;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
}

export interface BannerTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface MenuEntryTable {
  id: Generated<number>;
  name: string;
  icon: string;
  link: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

/** Every table: the platform and first modules here, later modules' tables from their own files. */
export interface DB
  extends CatalogueDetailTables,
    HomeExtrasTables,
    AddressTables,
    CartTables,
    OrderTables,
    AftersaleTables,
    LogisticsTables,
    InvoiceTables,
    MessageTables,
    ImTables {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  sms_code: SmsCodeTable;
  verification_ticket: VerificationTicketTable;
  blob: BlobTable;
  app_meta: AppMetaTable;
  store: StoreTable;
  category: CategoryTable;
  product: ProductTable;
  sku: SkuTable;
  banner: BannerTable;
  menu_entry: MenuEntryTable;
}
