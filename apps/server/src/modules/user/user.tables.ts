import type { Generated, Kysely } from 'kysely';
import type { Timestamp } from '../../platform/db-types.ts';

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
  /** HMAC of the verified real name (null for verifications before it was kept). */
  real_name_hash: Generated<string | null>;
  /** The verified ID number, AES-256-GCM (console/pii-box.ts); null before 0051. */
  id_card_enc: Generated<string | null>;
  /** A test account (the console marks it). */
  is_test: Generated<boolean>;
  /** Banned by the console (status 0): when and why. */
  banned_at: Generated<Date | null>;
  ban_reason: Generated<string | null>;
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

/** An openid from WeChat's code2Session, bound to one account (and an account to one openid). */
export interface UserWechatTable {
  openid: string;
  user_id: number;
  created_at: Generated<Date>;
}

/** A one-time sign-in ticket for a <web-view> page: its SHA-256, the account, a short expiry. */
export interface UserWebTicketTable {
  ticket_hash: string;
  user_id: number;
  expires_at: Date;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface UserTables {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  sms_code: SmsCodeTable;
  verification_ticket: VerificationTicketTable;
  user_wechat: UserWechatTable;
  user_web_ticket: UserWebTicketTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type UserDb = Kysely<UserTables>;
