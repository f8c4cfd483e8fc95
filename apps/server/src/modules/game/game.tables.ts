import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

export interface GameRoundTable {
  id: Generated<number>;
  sku_id: number;
  real_price: number;
  entry_points: number;
  /** The entry fee in fen from the wallet (0: none). */
  entry_cash: Generated<number>;
  guesses_per_entry: number;
  close_at: Date;
  consolation: 'points' | 'coupon' | 'none';
  coupon_template_id: number | null;
  status: Generated<'open' | 'settled'>;
  winner_user_id: number | null;
  winner_guess_id: number | null;
  settled_at: Date | null;
  prize_order_id: number | null;
  prize_order_no: string | null;
  created_at: Generated<Date>;
}

export interface GameEntryTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  client_key: string;
  paid_points: number;
  paid_cash: Generated<number>;
  inviter_id: number | null;
  bonus_guesses: Generated<number>;
  used: Generated<number>;
  consolation: 'prize' | 'points' | 'coupon' | 'none' | null;
  consolation_text: string | null;
  created_at: Generated<Date>;
}

export interface GameGuessTable {
  id: Generated<number>;
  round_id: number;
  entry_id: number;
  user_id: number;
  price: number;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface GameTables {
  game_round: GameRoundTable;
  game_entry: GameEntryTable;
  game_guess: GameGuessTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type GameReadViews = Pick<DB, 'coupon_template' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type GameSchema = GameTables & GameReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type GameDb = Kysely<GameSchema>;
