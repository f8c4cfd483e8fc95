import type { VisitGender, VisitStatus } from '@chaopin/contracts';
import type { Generated, Kysely } from 'kysely';

export interface MedicinePharmacistTable {
  id: Generated<number>;
  /** The app account the pharmacist chats from. */
  user_id: number;
  name: string;
  title: string;
  hospital: string;
  speciality: Generated<string>;
  intro: Generated<string>;
  avatar: Generated<string>;
  consult_count: Generated<number>;
  /** The rating × 10 (0-50), so that it stays exact. */
  rating_tenths: Generated<number>;
  online: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface MedicineVisitTable {
  id: Generated<number>;
  visit_no: string;
  user_id: number;
  client_key: string;
  pharmacist_id: number;
  status: Generated<VisitStatus>;
  patient_name: string;
  gender: VisitGender;
  age: number;
  phone: string;
  diagnosis: string;
  drugs: Generated<string>;
  description: Generated<string>;
  /** JSON text of the image URLs. */
  images: Generated<string>;
  reject_reason: string | null;
  created_at: Generated<Date>;
  closed_at: Date | null;
}

export interface MedicinePrescriptionTable {
  id: Generated<number>;
  visit_id: number;
  rx_no: string;
  pharmacist_id: number;
  /** JSON text of the drugs (SKU id, name, spec, quantity, usage): the display copy. */
  drugs: string;
  advice: Generated<string>;
  issued_at: Generated<Date>;
  valid_until: Date;
  /** The order that bought it (null while unused, or again once that order closed unpaid). */
  used_order_id: Generated<number | null>;
}

/** One prescribed SKU and its quantity (one row per SKU of a prescription). */
export interface MedicinePrescriptionLineTable {
  prescription_id: number;
  sku_id: number;
  quantity: number;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface MedicineTables {
  medicine_pharmacist: MedicinePharmacistTable;
  medicine_visit: MedicineVisitTable;
  medicine_prescription: MedicinePrescriptionTable;
  medicine_prescription_line: MedicinePrescriptionLineTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type MedicineDb = Kysely<MedicineTables>;
