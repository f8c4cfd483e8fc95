import { sql } from 'kysely';
import type { LiveDb } from '../live.tables.ts';
import { LiveRepoBase } from '../repo-base.ts';

/** Host applications and profiles. */
export class HostsRepo extends LiveRepoBase {
  host(userId: number, db: LiveDb = this.db) {
    return db.selectFrom('live_host').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  hostProfile(userId: number) {
    return this.db
      .selectFrom('app_user as u')
      .leftJoin('live_host as h', 'h.user_id', 'u.id')
      .select([
        'u.id',
        'u.nickname',
        'u.avatar',
        'u.real_name_at',
        sql<number>`coalesce(h.followers, 0)`.as('followers'),
        'h.status',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  upsertApplication(trx: LiveDb, userId: number, intro: string, sortId: number) {
    return trx
      .insertInto('live_host')
      .values({ user_id: userId, status: 'pending', intro, sort_id: sortId, reviewed_at: null })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          status: 'pending',
          intro,
          sort_id: sortId,
          reason: '',
          reviewed_at: null,
          created_at: sql<Date>`now()`,
        }),
      )
      .execute();
  }

  async review(userId: number, approve: boolean, reason: string): Promise<boolean> {
    const r = await this.db
      .updateTable('live_host')
      .set({ status: approve ? 'approved' : 'rejected', reason, reviewed_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  applications(status: string | undefined, limit: number, offset: number) {
    let base = this.db.selectFrom('live_host as h').innerJoin('app_user as u', 'u.id', 'h.user_id');
    if (status) base = base.where('h.status', '=', status as 'pending');
    return Promise.all([
      base
        .select([
          'h.user_id',
          'u.nickname',
          'u.phone',
          'h.intro',
          'h.sort_id',
          'h.status',
          'h.reason',
          'h.created_at',
        ])
        .orderBy('h.created_at', 'desc')
        .orderBy('h.user_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }
}
