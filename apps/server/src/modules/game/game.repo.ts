import { sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { GameDb } from './game.tables.ts';

/** SQL of the guessing game (points move through the ledger, the prize through orders). */
export class GameRepo {
  constructor(private readonly db: GameDb) {}

  private rounds(db: GameDb = this.db) {
    return db
      .selectFrom('game_round as r')
      .innerJoin(skuReads.skuView(this.db).as('s'), 's.id', 'r.sku_id')
      .innerJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .leftJoin('coupon_template as ct', 'ct.id', 'r.coupon_template_id')
      .selectAll('r')
      .select([
        'p.id as product_id',
        'p.title',
        's.name as sku_name',
        's.image',
        'ct.name as coupon_name',
        (eb) =>
          eb
            .selectFrom('game_entry as e')
            .whereRef('e.round_id', '=', 'r.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('players'),
      ]);
  }

  round(id: number, db?: GameDb) {
    return this.rounds(db).where('r.id', '=', id).executeTakeFirst();
  }

  /** Open rounds first (closing soonest first), then the settled ones, latest first. */
  page(limit: number, offset: number) {
    return Promise.all([
      this.rounds()
        .orderBy(sql`case when r.status = 'open' then 0 else 1 end`)
        .orderBy(sql`case when r.status = 'open' then r.close_at end`, 'asc')
        .orderBy('r.close_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('game_round')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
  }

  insertRound(row: {
    sku_id: number;
    real_price: number;
    entry_points: number;
    entry_cash: number;
    guesses_per_entry: number;
    close_at: Date;
    consolation: 'points' | 'coupon' | 'none';
    coupon_template_id: number | null;
  }) {
    return this.db.insertInto('game_round').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** Brings an open round's close time forward to `now` (the operator ends it early). */
  closeNow(id: number, now: Date) {
    return this.db
      .updateTable('game_round')
      .set({ close_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('close_at', '>', now)
      .returning('id')
      .executeTakeFirst();
  }

  /**
   * The round, share-locked: joins and guesses run under it, and the settlement's FOR UPDATE
   * waits for them (or skips the round for now), so no guess lands after the result is written.
   */
  lockRoundShared(trx: GameDb, id: number) {
    return trx
      .selectFrom('game_round')
      .selectAll()
      .where('id', '=', id)
      .forShare()
      .executeTakeFirst();
  }

  lockRound(trx: GameDb, id: number) {
    return trx
      .selectFrom('game_round')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  sku(skuId: number) {
    return skuReads.basic(this.db, skuId);
  }

  entry(roundId: number, userId: number, db: GameDb = this.db) {
    return db
      .selectFrom('game_entry')
      .selectAll()
      .where('round_id', '=', roundId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  lockEntry(trx: GameDb, roundId: number, userId: number) {
    return trx
      .selectFrom('game_entry')
      .selectAll()
      .where('round_id', '=', roundId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The entry, unless the player joined before: undefined then (the first one stands). */
  insertEntry(
    trx: GameDb,
    row: {
      round_id: number;
      user_id: number;
      client_key: string;
      paid_points: number;
      paid_cash: number;
      inviter_id: number | null;
    },
  ) {
    return trx
      .insertInto('game_entry')
      .values(row)
      .onConflict((oc) => oc.columns(['round_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** One more guess for the inviter, up to the max. */
  bonus(trx: GameDb, roundId: number, inviterId: number, max: number) {
    return trx
      .updateTable('game_entry')
      .set({ bonus_guesses: sql`bonus_guesses + 1` })
      .where('round_id', '=', roundId)
      .where('user_id', '=', inviterId)
      .where('bonus_guesses', '<', max)
      .returning('id')
      .executeTakeFirst();
  }

  invitedCount(roundId: number, inviterId: number) {
    return this.db
      .selectFrom('game_entry')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('round_id', '=', roundId)
      .where('inviter_id', '=', inviterId)
      .executeTakeFirstOrThrow();
  }

  /** Takes one of the entry's guesses when one is left (the caller holds the entry's lock). */
  async addGuess(
    trx: GameDb,
    e: { id: number; round_id: number; user_id: number; allowance: number },
    price: number,
  ) {
    const took = await trx
      .updateTable('game_entry')
      .set({ used: sql`used + 1` })
      .where('id', '=', e.id)
      .where('used', '<', e.allowance)
      .returning('id')
      .executeTakeFirst();
    if (!took) return undefined;
    return trx
      .insertInto('game_guess')
      .values({ round_id: e.round_id, entry_id: e.id, user_id: e.user_id, price })
      .returning(['id', 'price', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  guessesOf(entryId: number) {
    return this.db
      .selectFrom('game_guess')
      .select(['id', 'price', 'created_at'])
      .where('entry_id', '=', entryId)
      .orderBy('id')
      .execute();
  }

  /** Rounds past their close time and not settled, locked; those another node holds are skipped. */
  dueRounds(trx: GameDb, now: Date, limit: number) {
    return trx
      .selectFrom('game_round')
      .selectAll()
      .where('status', '=', 'open')
      .where('close_at', '<=', now)
      .orderBy('close_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** The nearest guess to the real price; a tie goes to the earliest submission. */
  nearest(trx: GameDb, roundId: number, realPrice: number) {
    return trx
      .selectFrom('game_guess')
      .select(['id', 'user_id', 'price'])
      .where('round_id', '=', roundId)
      .orderBy(sql`abs(price - ${realPrice})`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  entries(trx: GameDb, roundId: number) {
    return trx
      .selectFrom('game_entry')
      .selectAll()
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();
  }

  markSettled(
    trx: GameDb,
    roundId: number,
    winner: { userId: number; guessId: number } | null,
    now: Date,
  ) {
    return trx
      .updateTable('game_round')
      .set({
        status: 'settled',
        settled_at: now,
        winner_user_id: winner?.userId ?? null,
        winner_guess_id: winner?.guessId ?? null,
      })
      .where('id', '=', roundId)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
  }

  setConsolation(
    trx: GameDb,
    entryId: number,
    kind: 'prize' | 'points' | 'coupon' | 'none',
    text: string,
  ) {
    return trx
      .updateTable('game_entry')
      .set({ consolation: kind, consolation_text: text })
      .where('id', '=', entryId)
      .execute();
  }

  /** Every guess of a settled round with its player's nickname. */
  results(roundId: number) {
    return this.db
      .selectFrom('game_guess as g')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'g.user_id')
      .select(['g.id', 'g.user_id', 'g.price', 'g.created_at', 'u.nickname'])
      .where('g.round_id', '=', roundId)
      .orderBy('g.id')
      .execute();
  }

  /** The prize's order status, when one was placed. */
  orderStatus(trx: GameDb, orderId: number) {
    return trx
      .selectFrom('shop_order')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirst();
  }

  recordPrize(trx: GameDb, roundId: number, orderId: number, orderNo: string) {
    return trx
      .updateTable('game_round')
      .set({ prize_order_id: orderId, prize_order_no: orderNo })
      .where('id', '=', roundId)
      .execute();
  }

  lockRounds(trx: GameDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('game_round')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }
}
