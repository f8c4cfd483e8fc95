import type { Generated, Kysely } from 'kysely';
import type { Json, Timestamp } from '../../platform/db-types.ts';

export interface InvoiceTitleTable {
  id: Generated<number>;
  user_id: number;
  type: 'personal' | 'company';
  name: string;
  tax_no: string | null;
  bank_name: Generated<string>;
  bank_account: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  is_default: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The order's lines as they were invoiced. */
export interface InvoiceItemJson {
  title: string;
  skuName: string;
  price: number;
  quantity: number;
  amount: number;
}

export interface InvoiceTable {
  id: Generated<number>;
  invoice_no: string | null;
  user_id: number;
  order_no: string;
  store_id: number;
  store_name: string;
  title_type: 'personal' | 'company';
  title_name: string;
  tax_no: string | null;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  email: string;
  content: string;
  amount: number;
  items: Json<InvoiceItemJson[]>;
  status: Generated<'applying' | 'issued'>;
  pdf_key: string | null;
  applied_at: Generated<Date>;
  issued_at: Timestamp | null;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface InvoiceTables {
  invoice_title: InvoiceTitleTable;
  invoice: InvoiceTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type InvoiceDb = Kysely<InvoiceTables>;
