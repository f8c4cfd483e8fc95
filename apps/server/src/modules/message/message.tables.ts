import type { Generated, Kysely } from 'kysely';

/** An operator's notice: to one user, or (user_id null) to everyone. */
export interface SystemNoticeTable {
  id: Generated<number>;
  user_id: number | null;
  title: string;
  content: string;
  link: Generated<string>;
  /** Shown also to users who join after it was published (the welcome notice). */
  for_new_users: Generated<boolean>;
  created_at: Generated<Date>;
  /** When readers start seeing it (a scheduled notice is in the future). */
  publish_at: Generated<Date>;
  /** Withdrawn by an operator: readers no longer see it. */
  withdrawn_at: Date | null;
  created_by: number | null;
}

export interface SystemNoticeReadTable {
  user_id: number;
  notice_id: number;
  read_at: Generated<Date>;
}

/** A message about one of the user's orders, written by a domain event. */
export interface OrderMessageTable {
  id: Generated<number>;
  user_id: number;
  /** The event type, e.g. order.shipped. */
  kind: string;
  /** What the event is about (order, refund or invoice number): one message per (user, kind, ref). */
  ref: string;
  order_no: string;
  title: string;
  content: string;
  /** The order's first goods image; null until first looked up. */
  image: string | null;
  read_at: Date | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface MessageTables {
  system_notice: SystemNoticeTable;
  system_notice_read: SystemNoticeReadTable;
  order_message: OrderMessageTable;
}

/** The database as this module sees it: its own tables only (index.ts narrows the app's). */
export type MessageDb = Kysely<MessageTables>;
