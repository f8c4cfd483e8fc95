import type { Generated, Kysely } from 'kysely';
import type { Json } from '../../platform/db-types.ts';

export interface DictionaryItemTable {
  id: Generated<number>;
  code: string;
  label: string;
  value: string;
  sort: Generated<number>;
}

export interface RulePageTable {
  code: string;
  title: string;
  paragraphs: Json<string[]>;
  updated_at: Generated<Date>;
}

export interface UserFeedbackTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  content: string;
  images: Json<string[]>;
  phone: Generated<string>;
  created_at: Generated<Date>;
  status: Generated<'new' | 'processing' | 'resolved'>;
  /** The operator's answer, shown to the user in 我的反馈. */
  reply: string | null;
  handled_by: number | null;
  handled_at: Date | null;
}

export interface UserReportTable {
  id: Generated<number>;
  user_id: number;
  target_type: string;
  target_id: number;
  reason: string;
  description: Generated<string>;
  images: Json<string[]>;
  created_at: Generated<Date>;
  status: Generated<'pending' | 'valid' | 'invalid'>;
  result: string | null;
  handled_by: number | null;
  handled_at: Date | null;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface ServiceTables {
  dictionary_item: DictionaryItemTable;
  rule_page: RulePageTable;
  user_feedback: UserFeedbackTable;
  user_report: UserReportTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type ServiceDb = Kysely<ServiceTables>;
