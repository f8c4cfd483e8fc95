import type { Generated, Kysely } from 'kysely';

export interface CardCampaignTable {
  id: Generated<number>;
  title: string;
  start_at: Date;
  end_at: Date;
  reward_kind: 'coupon' | 'redpacket' | 'points';
  coupon_template_id: number | null;
  /** A red packet's fen or the points. */
  amount: number | null;
  max_exchanges: number;
  created_at: Generated<Date>;
}

export interface CardKindTable {
  id: Generated<number>;
  campaign_id: number;
  /** 1..N: the order kinds show in. */
  position: number;
  name: string;
  weight: number;
}

export interface CardHoldingTable {
  user_id: number;
  kind_id: number;
  campaign_id: number;
  count: Generated<number>;
}

export interface CardLogTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number;
  kind_id: number;
  delta: number;
  source:
    | 'signin'
    | 'order'
    | 'share'
    | 'gift_in'
    | 'gift_out'
    | 'exchange'
    | 'admin'
    | 'refund'
    | 'debt';
  /** The China day of an earning action; a gift's or grant's random key; `seq:kind` of an exchange. */
  ref: string;
  peer_user_id: number | null;
  /** The paid order an `order` card belongs to (a refund of the whole order takes it back). */
  order_no: Generated<string | null>;
  created_at: Generated<Date>;
}

/** Cards a refund could not take back (none left): the next card earned pays them first. */
export interface CardDebtTable {
  user_id: number;
  campaign_id: number;
  count: number;
}

export interface CardExchangeTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number;
  seq: number;
  reward_text: string;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface CardsTables {
  card_campaign: CardCampaignTable;
  card_kind: CardKindTable;
  card_holding: CardHoldingTable;
  card_log: CardLogTable;
  card_exchange: CardExchangeTable;
  card_debt: CardDebtTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type CardsDb = Kysely<CardsTables>;
