import { sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { LiveDb } from '../live.tables.ts';
import { LiveRepoBase } from '../repo-base.ts';

/** The gift catalogue, sent gifts and the ranking totals. */
export class GiftsRepo extends LiveRepoBase {
  gifts(enabledOnly = true) {
    let q = this.db
      .selectFrom('live_gift')
      .select(['id', 'name', 'icon', 'price', 'tier', 'enabled']);
    if (enabledOnly) q = q.where('enabled', '=', true);
    return q.orderBy('sort').orderBy('id').execute();
  }

  gift(id: number) {
    return this.db.selectFrom('live_gift').selectAll().where('id', '=', id).executeTakeFirst();
  }

  upsertGift(v: {
    id?: number;
    name: string;
    icon: string;
    price: number;
    tier: number;
    enabled: boolean;
  }) {
    const values = { name: v.name, icon: v.icon, price: v.price, tier: v.tier, enabled: v.enabled };
    if (v.id) {
      return this.db
        .updateTable('live_gift')
        .set(values)
        .where('id', '=', v.id)
        .returning('id')
        .executeTakeFirst();
    }
    return this.db.insertInto('live_gift').values(values).returning('id').executeTakeFirst();
  }

  giftByKey(userId: number, clientKey: string, db: LiveDb = this.db) {
    return db
      .selectFrom('live_gift_send')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  /** Inserts a gift once per (user, client key); undefined when the key was used. */
  insertGift(
    trx: LiveDb,
    v: {
      roomId: number;
      hostId: number;
      userId: number;
      giftId: number;
      count: number;
      amount: number;
      hostShare: number;
      clientKey: string;
    },
  ) {
    return trx
      .insertInto('live_gift_send')
      .values({
        room_id: v.roomId,
        host_id: v.hostId,
        user_id: v.userId,
        gift_id: v.giftId,
        count: v.count,
        amount: v.amount,
        host_share: v.hostShare,
        client_key: v.clientKey,
      })
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** What viewers paid for every gift a host received, in fen. */
  async receivedBy(hostId: number): Promise<number> {
    const r = await this.db
      .selectFrom('live_gift_send')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
      .where('host_id', '=', hostId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  addGiftToRoom(trx: LiveDb, roomId: number, count: number, amount: number) {
    return trx
      .updateTable('live_room')
      .set({ gift_count: sql`gift_count + ${count}`, gift_amount: sql`gift_amount + ${amount}` })
      .where('id', '=', roomId)
      .execute();
  }

  /** Adds to the ranking totals of every (scope, period) pair, in key order (no deadlock). */
  async addReward(
    trx: LiveDb,
    keys: { scope: number; period: string }[],
    userId: number,
    amount: number,
  ) {
    const rows = [...keys]
      .sort((a, b) => a.scope - b.scope || a.period.localeCompare(b.period))
      .map((k) => ({ scope: k.scope, period: k.period, user_id: userId, amount }));
    await trx
      .insertInto('live_reward')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['scope', 'period', 'user_id'])
          .doUpdateSet({ amount: sql`live_reward.amount + excluded.amount` }),
      )
      .execute();
  }

  ranking(scope: number, period: string, limit: number) {
    return this.db
      .selectFrom('live_reward as w')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'w.user_id')
      .select(['w.user_id', 'w.amount', 'u.nickname', 'u.avatar'])
      .where('w.scope', '=', scope)
      .where('w.period', '=', period)
      .orderBy('w.amount', 'desc')
      .orderBy('w.user_id')
      .limit(limit)
      .execute();
  }

  /** The user's amount and rank in one (scope, period): one index range count. */
  async rankOf(scope: number, period: string, userId: number) {
    const mine = await this.db
      .selectFrom('live_reward as w')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'w.user_id')
      .select(['w.amount', 'u.nickname', 'u.avatar'])
      .where('w.scope', '=', scope)
      .where('w.period', '=', period)
      .where('w.user_id', '=', userId)
      .executeTakeFirst();
    if (!mine) return null;
    const ahead = await this.db
      .selectFrom('live_reward')
      .select(sql<string>`count(*)`.as('n'))
      .where('scope', '=', scope)
      .where('period', '=', period)
      .where((eb) =>
        eb.or([
          eb('amount', '>', mine.amount),
          eb.and([eb('amount', '=', mine.amount), eb('user_id', '<', userId)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return { ...mine, rank: Number(ahead.n) + 1 };
  }
}
