import { type Selectable, sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { LiveDb, LiveRoomStateColumn, LiveRoomTable } from '../live.tables.ts';
import { LiveRepoBase } from '../repo-base.ts';

export type RoomRow = Selectable<LiveRoomTable> & {
  host_nickname: string;
  host_avatar: string;
  host_followers: number;
};

export type RoomListFilter = {
  sortId?: number;
  state?: 'live' | 'notice' | 'replay';
  keyword?: string;
  /** Only the upcoming or live rooms this user 预约'd. */
  subscriber?: number;
};

/** Rooms: their lists, their lifecycle and counters, and the 直播 tab's sorts and ads. */
export class RoomsRepo extends LiveRepoBase {
  private rooms(db: LiveDb = this.db) {
    return db
      .selectFrom('live_room as r')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'r.host_id')
      .leftJoin('live_host as h', 'h.user_id', 'r.host_id')
      .selectAll('r')
      .select([
        'u.nickname as host_nickname',
        'u.avatar as host_avatar',
        sql<number>`coalesce(h.followers, 0)`.as('host_followers'),
      ]);
  }

  room(id: number, db: LiveDb = this.db): Promise<RoomRow | undefined> {
    return this.rooms(db).where('r.id', '=', id).executeTakeFirst();
  }

  openRoomOf(hostId: number, db: LiveDb = this.db): Promise<RoomRow | undefined> {
    return this.rooms(db)
      .where('r.host_id', '=', hostId)
      .where('r.state', 'in', ['notice', 'live'])
      .executeTakeFirst();
  }

  private filtered(f: RoomListFilter) {
    let q = this.rooms().where('r.state', '<>', 'banned');
    if (f.sortId) q = q.where('r.sort_id', '=', f.sortId);
    if (f.state === 'live') q = q.where('r.state', '=', 'live');
    if (f.state === 'notice')
      q = q.where('r.state', '=', 'notice').where('r.notice_at', 'is not', null);
    if (f.state === 'replay')
      q = q.where('r.state', '=', 'ended').where('r.record_file', 'is not', null);
    if (!f.state) {
      // A list shows what a viewer can open: live rooms, announced ones and replays.
      q = q.where((eb) =>
        eb.or([
          eb('r.state', '=', 'live'),
          eb.and([eb('r.state', '=', 'notice'), eb('r.notice_at', 'is not', null)]),
          eb.and([eb('r.state', '=', 'ended'), eb('r.record_file', 'is not', null)]),
        ]),
      );
    }
    if (f.subscriber !== undefined) {
      const userId = f.subscriber;
      q = q
        .where('r.state', 'in', ['notice', 'live'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('live_notice_sub as s')
              .select('s.room_id')
              .whereRef('s.room_id', '=', 'r.id')
              .where('s.user_id', '=', userId),
          ),
        );
    }
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('r.title', 'ilike', like), eb('u.nickname', 'ilike', like)]));
    }
    return q;
  }

  /** Live first, then announced by start time, then replays, newest first. */
  async page(f: RoomListFilter, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.filtered(f)
        .orderBy(sql`case r.state when 'live' then 0 when 'notice' then 1 else 2 end`)
        .orderBy(sql`case when r.state = 'notice' then r.notice_at end`)
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.filtered(f)
        .clearSelect()
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Candidates for 推荐: live rooms and the soonest 预告s (ranked by the service). */
  recommendCandidates(limit: number) {
    return this.rooms()
      .where((eb) =>
        eb.or([
          eb('r.state', '=', 'live'),
          eb.and([eb('r.state', '=', 'notice'), eb('r.notice_at', 'is not', null)]),
        ]),
      )
      .orderBy(sql`case r.state when 'live' then 0 else 1 end`)
      .orderBy('host_followers', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

  historyOf(hostId: number, limit: number, offset: number) {
    const base = this.rooms()
      .where('r.host_id', '=', hostId)
      .where('r.state', 'in', ['ended', 'banned']);
    return Promise.all([
      base.orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
      base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  insertRoom(
    trx: LiveDb,
    v: { hostId: number; title: string; cover: string; sortId: number; noticeAt: Date | null },
  ) {
    return trx
      .insertInto('live_room')
      .values({
        host_id: v.hostId,
        title: v.title,
        cover: v.cover,
        sort_id: v.sortId,
        notice_at: v.noticeAt,
        started_at: null,
        ended_at: null,
        pinned_product_id: null,
        record_file: null,
        record_format: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  updateRoomInfo(
    trx: LiveDb,
    id: number,
    v: { title: string; cover: string; sortId: number; noticeAt: Date | null },
  ) {
    return trx
      .updateTable('live_room')
      .set({ title: v.title, cover: v.cover, sort_id: v.sortId, notice_at: v.noticeAt })
      .where('id', '=', id)
      .execute();
  }

  /** notice → live; answers false when the room was not in 预告 (a guard, not a read). */
  async goLive(trx: LiveDb, id: number): Promise<boolean> {
    const r = await trx
      .updateTable('live_room')
      .set({ state: 'live', started_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('state', '=', 'notice')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** live (or notice) → ended/banned, once. */
  async close(
    trx: LiveDb,
    id: number,
    to: Extract<LiveRoomStateColumn, 'ended' | 'banned'>,
    reason = '',
  ): Promise<boolean> {
    const r = await trx
      .updateTable('live_room')
      .set({ state: to, ended_at: sql<Date>`coalesce(ended_at, now())`, ban_reason: reason })
      .where('id', '=', id)
      .where('state', 'in', to === 'banned' ? ['notice', 'live', 'ended'] : ['notice', 'live'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  setRecording(id: number, file: string, format: 'mp4' | 'flv', durationMs: number) {
    return this.db
      .updateTable('live_room')
      .set({ record_file: file, record_format: format, record_duration_ms: durationMs })
      .where('id', '=', id)
      .where('record_file', 'is', null)
      .execute();
  }

  setPinned(trx: LiveDb, id: number, productId: number | null) {
    return trx
      .updateTable('live_room')
      .set({ pinned_product_id: productId })
      .where('id', '=', id)
      .execute();
  }

  addLikes(id: number, count: number) {
    return this.db
      .updateTable('live_room')
      .set({ likes: sql`likes + ${count}` })
      .where('id', '=', id)
      .returning('likes')
      .executeTakeFirst();
  }

  addViewer(id: number) {
    return this.db
      .updateTable('live_room')
      .set({ viewers: sql`viewers + 1` })
      .where('id', '=', id)
      .execute();
  }

  raisePeak(id: number, online: number) {
    return this.db
      .updateTable('live_room')
      .set({ peak_online: online })
      .where('id', '=', id)
      .where('peak_online', '<', online)
      .execute();
  }

  sorts() {
    return this.db
      .selectFrom('live_sort')
      .select(['id', 'name'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  sortExists(id: number) {
    return this.db.selectFrom('live_sort').select('id').where('id', '=', id).executeTakeFirst();
  }

  ads() {
    return this.db
      .selectFrom('live_ad')
      .select(['id', 'title', 'image', 'link'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  upsertAd(v: { id?: number; title: string; image: string; link: string; enabled: boolean }) {
    const values = { title: v.title, image: v.image, link: v.link, enabled: v.enabled };
    if (v.id) {
      return this.db
        .updateTable('live_ad')
        .set(values)
        .where('id', '=', v.id)
        .returning('id')
        .executeTakeFirst();
    }
    return this.db.insertInto('live_ad').values(values).returning('id').executeTakeFirst();
  }
}
