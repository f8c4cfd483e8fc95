import { sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { LiveDb } from '../live.tables.ts';
import { LiveRepoBase } from '../repo-base.ts';

/** Follows of hosts and 预约 of 预告s. */
export class AudienceRepo extends LiveRepoBase {
  async follow(trx: LiveDb, userId: number, hostId: number): Promise<boolean> {
    const r = await trx
      .insertInto('live_follow')
      .values({ user_id: userId, host_id: hostId })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async unfollow(trx: LiveDb, userId: number, hostId: number): Promise<boolean> {
    const r = await trx
      .deleteFrom('live_follow')
      .where('user_id', '=', userId)
      .where('host_id', '=', hostId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  bumpFollowers(trx: LiveDb, hostId: number, by: 1 | -1) {
    return trx
      .updateTable('live_host')
      .set({ followers: sql`greatest(followers + ${by}, 0)` })
      .where('user_id', '=', hostId)
      .execute();
  }

  bumpNewFollowers(trx: LiveDb, hostId: number) {
    return trx
      .updateTable('live_room')
      .set({ new_followers: sql`new_followers + 1` })
      .where('host_id', '=', hostId)
      .where('state', '=', 'live')
      .execute();
  }

  async isFollowing(userId: number, hostId: number) {
    const r = await this.db
      .selectFrom('live_follow')
      .select('host_id')
      .where('user_id', '=', userId)
      .where('host_id', '=', hostId)
      .executeTakeFirst();
    return r !== undefined;
  }

  followPage(userId: number, limit: number, offset: number) {
    const base = this.db.selectFrom('live_follow as f').where('f.user_id', '=', userId);
    return Promise.all([
      base
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'f.host_id')
        .leftJoin('live_host as h', 'h.user_id', 'f.host_id')
        .select([
          'f.host_id',
          'f.created_at',
          'u.nickname',
          'u.avatar',
          sql<number>`coalesce(h.followers, 0)`.as('followers'),
          (eb) =>
            eb
              .selectFrom('live_room as r')
              .select('r.id')
              .whereRef('r.host_id', '=', 'f.host_id')
              .where('r.state', '=', 'live')
              .limit(1)
              .as('live_room_id'),
        ])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.host_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  async subscribe(userId: number, roomId: number) {
    await this.db
      .insertInto('live_notice_sub')
      .values({ user_id: userId, room_id: roomId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unsubscribe(userId: number, roomId: number) {
    await this.db
      .deleteFrom('live_notice_sub')
      .where('user_id', '=', userId)
      .where('room_id', '=', roomId)
      .execute();
  }

  async isSubscribed(userId: number, roomId: number) {
    const r = await this.db
      .selectFrom('live_notice_sub')
      .select('room_id')
      .where('user_id', '=', userId)
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Who hears that a host went live: the room's subscribers and the host's followers, once each. */
  async audienceOf(trx: LiveDb, roomId: number, hostId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('live_notice_sub')
      .select('user_id')
      .where('room_id', '=', roomId)
      .union(trx.selectFrom('live_follow').select('user_id').where('host_id', '=', hostId))
      .execute();
    return rows.map((r) => r.user_id).filter((id) => id !== hostId);
  }
}
