import { type Selectable, sql } from 'kysely';
import type { Db } from '../../database.ts';
import type { LiveRoomStateColumn, LiveRoomTable, LiveShelfTable } from './live.tables.ts';

export type RoomRow = Selectable<LiveRoomTable> & {
  host_nickname: string;
  host_avatar: string;
  host_followers: number;
};

export interface ShelfRow {
  product_id: number;
  status: LiveShelfTable['status'];
  sort: number;
  title: string;
  image: string;
  price: number;
  sales: number;
  stock: number;
  product_status: number;
}

export type RoomListFilter = {
  sortId?: number;
  state?: 'live' | 'notice' | 'replay';
  keyword?: string;
};

/** Every SQL statement of live selling. */
export class LiveRepo {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private rooms(db: Db = this.db) {
    return db
      .selectFrom('live_room as r')
      .innerJoin('app_user as u', 'u.id', 'r.host_id')
      .leftJoin('live_host as h', 'h.user_id', 'r.host_id')
      .selectAll('r')
      .select([
        'u.nickname as host_nickname',
        'u.avatar as host_avatar',
        sql<number>`coalesce(h.followers, 0)`.as('host_followers'),
      ]);
  }

  room(id: number, db: Db = this.db): Promise<RoomRow | undefined> {
    return this.rooms(db).where('r.id', '=', id).executeTakeFirst();
  }

  /** Locks the room row for a state change. */
  lockRoom(trx: Db, id: number) {
    return trx
      .selectFrom('live_room')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  openRoomOf(hostId: number, db: Db = this.db): Promise<RoomRow | undefined> {
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
    trx: Db,
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
    trx: Db,
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
  async goLive(trx: Db, id: number): Promise<boolean> {
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
    trx: Db,
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

  setPinned(trx: Db, id: number, productId: number | null) {
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

  // ---- the shelf ----

  shelf(roomId: number, db: Db = this.db): Promise<ShelfRow[]> {
    return db
      .selectFrom('live_shelf as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select([
        's.product_id',
        's.status',
        's.sort',
        'p.title',
        'p.main_image as image',
        'p.price',
        'p.sales',
        'p.status as product_status',
        (eb) =>
          eb
            .selectFrom('sku')
            .select(sql<number>`coalesce(sum(stock), 0)::int`.as('stock'))
            .whereRef('sku.product_id', '=', 'p.id')
            .as('stock'),
      ])
      .where('s.room_id', '=', roomId)
      .orderBy('s.sort')
      .execute() as Promise<ShelfRow[]>;
  }

  async replaceShelf(
    trx: Db,
    roomId: number,
    items: { productId: number; status: ShelfRow['status'] }[],
  ) {
    await trx.deleteFrom('live_shelf').where('room_id', '=', roomId).execute();
    if (items.length === 0) return;
    await trx
      .insertInto('live_shelf')
      .values(
        items.map((i, sort) => ({
          room_id: roomId,
          product_id: i.productId,
          status: i.status,
          sort,
        })),
      )
      .execute();
  }

  async setShelfStatus(trx: Db, roomId: number, productId: number, status: ShelfRow['status']) {
    const r = await trx
      .updateTable('live_shelf')
      .set({ status })
      .where('room_id', '=', roomId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Products of these on-sale SKUs that the room sells now (status onSale). */
  async sellable(roomId: number, skuIds: number[]) {
    return this.db
      .selectFrom('sku')
      .leftJoin('live_shelf as s', (j) =>
        j.onRef('s.product_id', '=', 'sku.product_id').on('s.room_id', '=', roomId),
      )
      .select(['sku.id', 'sku.product_id', 's.status'])
      .where('sku.id', 'in', skuIds)
      .execute();
  }

  onSaleProducts(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('product').select(['id', 'status']).where('id', 'in', ids).execute();
  }

  productTitle(skuId: number) {
    return this.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('product.title')
      .where('sku.id', '=', skuId)
      .executeTakeFirst();
  }

  // ---- discovery extras ----

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

  // ---- audience ----

  async follow(trx: Db, userId: number, hostId: number): Promise<boolean> {
    const r = await trx
      .insertInto('live_follow')
      .values({ user_id: userId, host_id: hostId })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async unfollow(trx: Db, userId: number, hostId: number): Promise<boolean> {
    const r = await trx
      .deleteFrom('live_follow')
      .where('user_id', '=', userId)
      .where('host_id', '=', hostId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  bumpFollowers(trx: Db, hostId: number, by: 1 | -1) {
    return trx
      .updateTable('live_host')
      .set({ followers: sql`greatest(followers + ${by}, 0)` })
      .where('user_id', '=', hostId)
      .execute();
  }

  bumpNewFollowers(trx: Db, hostId: number) {
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
        .innerJoin('app_user as u', 'u.id', 'f.host_id')
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
  async audienceOf(trx: Db, roomId: number, hostId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('live_notice_sub')
      .select('user_id')
      .where('room_id', '=', roomId)
      .union(trx.selectFrom('live_follow').select('user_id').where('host_id', '=', hostId))
      .execute();
    return rows.map((r) => r.user_id).filter((id) => id !== hostId);
  }

  // ---- hosts ----

  host(userId: number, db: Db = this.db) {
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

  upsertApplication(trx: Db, userId: number, intro: string, sortId: number) {
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

  // ---- gifts and rankings ----

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

  giftByKey(userId: number, clientKey: string, db: Db = this.db) {
    return db
      .selectFrom('live_gift_send')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  /** Inserts a gift once per (user, client key); undefined when the key was used. */
  insertGift(
    trx: Db,
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

  addGiftToRoom(trx: Db, roomId: number, count: number, amount: number) {
    return trx
      .updateTable('live_room')
      .set({ gift_count: sql`gift_count + ${count}`, gift_amount: sql`gift_amount + ${amount}` })
      .where('id', '=', roomId)
      .execute();
  }

  /** Adds to the ranking totals of every (scope, period) pair, in key order (no deadlock). */
  async addReward(
    trx: Db,
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
      .innerJoin('app_user as u', 'u.id', 'w.user_id')
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
      .innerJoin('app_user as u', 'u.id', 'w.user_id')
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
