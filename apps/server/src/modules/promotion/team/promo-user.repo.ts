import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { PromotionDb } from '../promotion.tables.ts';

/** Invite codes: no 0/O/1/I, so a code read aloud or typed from a poster is not mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type TeamLevel = 1 | 2;

/** SQL for a user's place in the programme: code, binding, identity, membership, team. */
/** Where a team page starts: after a keyset cursor, or at an offset. */
export interface TeamSlice {
  limit: number;
  offset: number;
  after?: { micros: string; id: number };
}

export class PromoUserRepo {
  constructor(private readonly db: PromotionDb) {}

  /** The user's row, made on first need with a fresh invite code (a clash of codes retries). */
  async ensure(userId: number, db: PromotionDb = this.db) {
    for (let attempt = 0; ; attempt++) {
      const found = await this.byUser(userId, db);
      if (found) return found;
      try {
        await db
          .insertInto('promo_user')
          .values({ user_id: userId, invite_code: newInviteCode() })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      } catch (err) {
        // A clash of codes (unique violation): another draw. Three in a row is not chance.
        if (attempt >= 3 || (err as { code?: string }).code !== '23505') throw err;
      }
    }
  }

  byUser(userId: number, db: PromotionDb = this.db) {
    return db.selectFrom('promo_user').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  lock(trx: PromotionDb, userId: number) {
    return trx
      .selectFrom('promo_user')
      .selectAll()
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  byCode(code: string, db: PromotionDb = this.db) {
    return db
      .selectFrom('promo_user')
      .selectAll()
      .where('invite_code', '=', code.toUpperCase())
      .executeTakeFirst();
  }

  byUsers(db: PromotionDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('promo_user')
      .select(['user_id', 'identity', 'member_until', 'parent_id', 'grandparent_id'])
      .where('user_id', 'in', [...ids])
      .execute();
  }

  /** Whether `ancestorId` is `userId` or above it in the binding tree (a binding would loop). */
  async isAncestorOrSelf(db: PromotionDb, ancestorId: number, userId: number): Promise<boolean> {
    const row = await sql<{ found: boolean }>`
      with recursive up(id, depth) as (
        select ${userId}::int, 0
        union all
        select p.parent_id, up.depth + 1 from promo_user p join up on p.user_id = up.id
        where p.parent_id is not null and up.depth < 10000
      )
      select exists (select 1 from up where id = ${ancestorId}) as found`.execute(db);
    return Boolean(row.rows[0]?.found);
  }

  /**
   * Binds the user (unbound until now: guarded) under parent; the counts of parent and
   * grandparent move with it, and the user's own invitees get the parent as grandparent.
   */
  async bind(trx: PromotionDb, userId: number, parentId: number, grandparentId: number | null) {
    const bound = await trx
      .updateTable('promo_user')
      .set({ parent_id: parentId, grandparent_id: grandparentId, bound_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('parent_id', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!bound) return false;
    const adopted = await trx
      .updateTable('promo_user')
      .set({ grandparent_id: parentId })
      .where('parent_id', '=', userId)
      .returning('user_id')
      .execute();
    await trx
      .updateTable('promo_user')
      .set({
        direct_count: sql`direct_count + 1`,
        indirect_count: sql`indirect_count + ${adopted.length}`,
      })
      .where('user_id', '=', parentId)
      .execute();
    if (grandparentId !== null) {
      await trx
        .updateTable('promo_user')
        .set({ indirect_count: sql`indirect_count + 1` })
        .where('user_id', '=', grandparentId)
        .execute();
    }
    return true;
  }

  /** Grants an identity; `onlyIfNone` keeps a granted one (the upgrade is idempotent). */
  async setIdentity(
    trx: PromotionDb,
    userId: number,
    identity: 'promoter' | 'owner' | null,
    source: 'upgrade' | 'bail' | 'operator' | null,
    onlyIfNone: boolean,
  ): Promise<boolean> {
    const done = await trx
      .updateTable('promo_user')
      .set({ identity, identity_source: source, identity_at: identity ? sql`now()` : null })
      .where('user_id', '=', userId)
      .$if(onlyIfNone, (q) => q.where('identity', 'is', null))
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(done);
  }

  /** Extends membership by `days` from the later of now and its current end. */
  async extendMembership(trx: PromotionDb, userId: number, days: number): Promise<Date> {
    const row = await trx
      .updateTable('promo_user')
      .set({
        member_until: sql`greatest(now(), coalesce(member_until, now())) + make_interval(days => ${days})`,
      })
      .where('user_id', '=', userId)
      .returning('member_until')
      .executeTakeFirstOrThrow();
    return row.member_until as Date;
  }

  async members(db: PromotionDb, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('promo_user')
      .select('user_id')
      .where('user_id', 'in', [...ids])
      .where('member_until', '>', sql<Date>`now()`)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * One page of a promoter's team: direct (level 1) or indirect (level 2) members, newest first.
   * Without a keyword the page is cut on the (parent|grandparent, bound_at desc, user_id desc)
   * index alone — after a keyset `cursor` when given (any depth costs what page 1 does), else by
   * OFFSET — and only its rows meet app_user. A keyword finds users by the nickname's 1-2
   * character grams (GIN, 0032) or, for 3+ digits, the phone's trigrams; page and total are one
   * statement (bench/team measured both shapes; docs/BENCHMARKS.md).
   */
  team(userId: number, level: TeamLevel, keyword: string, page: TeamSlice) {
    const column = level === 1 ? 'p.parent_id' : 'p.grandparent_id';
    const person = ['u.nickname', 'u.avatar', 'u.phone'] as const;
    // Microseconds since the epoch, exact (extract returns numeric): the cursor must not round
    // bound_at, or members bound in the same millisecond are skipped or repeated.
    const cursorOf = sql<string>`(extract(epoch from p.bound_at) * 1000000)::bigint::text`;
    if (!keyword) {
      let ids = this.db
        .selectFrom('promo_user as p')
        .select(['p.user_id', 'p.bound_at', 'p.identity', 'p.member_until', cursorOf.as('cursor')])
        .where(column, '=', userId);
      if (page.after) {
        const { micros, id } = page.after;
        ids = ids.where(
          sql<boolean>`(p.bound_at, p.user_id) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::int)`,
        );
      }
      const cut = ids
        .orderBy('p.bound_at', 'desc')
        .orderBy('p.user_id', 'desc')
        .limit(page.limit)
        .offset(page.after ? 0 : page.offset)
        .as('p');
      const rows = this.db
        .selectFrom(cut)
        .innerJoin('app_user as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.bound_at', 'p.identity', 'p.member_until', 'p.cursor', ...person])
        .orderBy('p.bound_at', 'desc')
        .orderBy('p.user_id', 'desc')
        .execute();
      return rows.then((list) => ({ rows: list, total: undefined as number | undefined }));
    }
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byName = sql<boolean>`(u.nickname_grams @> team_grams(${keyword}) and u.nickname ilike ${like})`;
    // Phones are digits, and a trigram needs three of them.
    const matches = /^[0-9]{3,}$/.test(keyword)
      ? sql<boolean>`(${byName} or u.phone like ${like})`
      : byName;
    return this.db
      .selectFrom('promo_user as p')
      .innerJoin('app_user as u', 'u.id', 'p.user_id')
      .where(column, '=', userId)
      .where(matches)
      .select(['p.user_id', 'p.bound_at', 'p.identity', 'p.member_until', cursorOf.as('cursor')])
      .select([...person, sql<string>`count(*) over ()`.as('total')])
      .orderBy('p.bound_at', 'desc')
      .orderBy('p.user_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
      .then((list) => ({ rows: list, total: Number(list[0]?.total ?? 0) }));
  }

  /** The people of a few users (a binding's parent, the buyers of commissions). */
  people(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('app_user')
      .select(['id', 'nickname', 'avatar'])
      .where('id', 'in', [...ids])
      .execute();
  }

  registeredAt(userId: number, db: PromotionDb = this.db) {
    return db
      .selectFrom('app_user')
      .select('created_at')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((r) => r?.created_at);
  }

  /** 好友助力: my direct invitees, newest first, each with my reward for them if given. */
  helpers(userId: number, limit: number) {
    return this.db
      .selectFrom('promo_user as p')
      .innerJoin('app_user as u', 'u.id', 'p.user_id')
      .leftJoin('invite_reward as r', (j) =>
        j.onRef('r.invitee_id', '=', 'p.user_id').on('r.kind', '=', 'inviter'),
      )
      .select(['u.nickname', 'u.avatar', 'p.bound_at', 'r.amount'])
      .where('p.parent_id', '=', userId)
      .orderBy('p.bound_at', 'desc')
      .orderBy('p.user_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** What my helpers earned me: rewards given and their sum (the binding count is on my row). */
  helperRewards(userId: number) {
    return this.db
      .selectFrom('invite_reward')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<number>`coalesce(sum(amount), 0)::int`.as('sum'),
      ])
      .where('inviter_id', '=', userId)
      .where('kind', '=', 'inviter')
      .executeTakeFirstOrThrow();
  }

  /** Records an invitation reward once per (invitee, kind); false when it was given before. */
  async reward(
    trx: PromotionDb,
    inviteeId: number,
    kind: 'invitee' | 'inviter',
    inviterId: number,
    amount: number,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('invite_reward')
      .values({ invitee_id: inviteeId, kind, inviter_id: inviterId, amount })
      .onConflict((oc) => oc.columns(['invitee_id', 'kind']).doNothing())
      .returning('invitee_id')
      .executeTakeFirst();
    return Boolean(row);
  }

  async packagesAmong(trx: PromotionDb, productIds: readonly number[]): Promise<boolean> {
    if (!productIds.length) return false;
    const row = await trx
      .selectFrom('upgrade_package')
      .select('product_id')
      .where('product_id', 'in', [...productIds])
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The upgrade packages on shelf, each with its first SKU (what 立即购买 orders). */
  packages() {
    return this.db
      .selectFrom('upgrade_package as g')
      .innerJoin('product as p', 'p.id', 'g.product_id')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('sku')
            .select(['product_id', (x) => x.fn.min('id').as('sku_id')])
            .groupBy('product_id')
            .as('s'),
        (join) => join.onRef('s.product_id', '=', 'p.id'),
      )
      .select(['p.id', 's.sku_id', 'p.title', 'p.main_image', 'p.price'])
      .where('p.status', '=', 1)
      .orderBy('p.id')
      .execute();
  }

  async addPackage(productId: number): Promise<boolean> {
    const exists = await this.db
      .selectFrom('product')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!exists) return false;
    await this.db
      .insertInto('upgrade_package')
      .values({ product_id: productId })
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
    return true;
  }
}
