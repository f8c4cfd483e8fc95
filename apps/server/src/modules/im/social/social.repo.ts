import type { ImDb, ImProfileTable } from '../im.tables.ts';

export type ProfileRow = {
  [K in keyof ImProfileTable]: ImProfileTable[K] extends import('kysely').ColumnType<
    infer S,
    unknown,
    unknown
  >
    ? S
    : ImProfileTable[K];
};

/** Profiles, friends, friend requests and blacklists. */
export class SocialRepo {
  constructor(private readonly db: ImDb) {}

  async ensureProfile(userId: string, nick: string, avatar: string, now: number) {
    await this.db
      .insertInto('im_profile')
      .values({ user_id: userId, nick, avatar, updated_ms: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  async createAccount(
    userId: string,
    nick: string,
    passwordHash: string,
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .insertInto('im_profile')
      .values({ user_id: userId, nick, password_hash: passwordHash, updated_ms: now })
      // An account that exists without a password (a shop's, made on first 客服 use) is
      // claimed by the operator's registration; one with a password is taken.
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ nick, password_hash: passwordHash, updated_ms: now })
          .where('im_profile.password_hash', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(r);
  }

  async profiles(userIds: readonly string[]): Promise<ProfileRow[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .selectFrom('im_profile')
      .selectAll()
      .where('user_id', 'in', [...userIds])
      .execute();
    return rows.map((r) => ({
      ...r,
      birthday: Number(r.birthday),
      language: Number(r.language),
      level: Number(r.level),
      role: Number(r.role),
      updated_ms: Number(r.updated_ms),
    }));
  }

  /** For a C2C send, in one query: the sender's nick/avatar, whether the peer exists, whether they block the sender. */
  async sendContext(me: string, to: string) {
    const rows = await this.db
      .selectFrom('im_profile as p')
      .select(['p.user_id', 'p.nick', 'p.avatar'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('im_blacklist as b')
              .select('b.user_id')
              .where('b.user_id', '=', to)
              .where('b.blocked_id', '=', me),
          )
          .as('blocked'),
      )
      .where('p.user_id', 'in', [me, to])
      .execute();
    const sender = rows.find((r) => r.user_id === me);
    return {
      sender: sender && { nick: sender.nick, avatar: sender.avatar },
      recipientExists: rows.some((r) => r.user_id === to),
      blocked: to !== me && Boolean(rows[0]?.blocked),
    };
  }

  async updateProfile(userId: string, set: Record<string, unknown>) {
    await this.db.updateTable('im_profile').set(set).where('user_id', '=', userId).execute();
  }

  async friendIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('im_friend')
      .select('friend_id')
      .where('user_id', '=', userId)
      .orderBy('created_ms')
      .execute();
    return rows.map((r) => r.friend_id);
  }

  async isFriend(a: string, b: string) {
    return Boolean(
      await this.db
        .selectFrom('im_friend')
        .select('user_id')
        .where('user_id', '=', a)
        .where('friend_id', '=', b)
        .executeTakeFirst(),
    );
  }

  async makeFriends(a: string, b: string, now: number) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('im_friend')
        .values([
          { user_id: a, friend_id: b, created_ms: now },
          { user_id: b, friend_id: a, created_ms: now },
        ])
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .deleteFrom('im_friend_request')
        .where((eb) =>
          eb.or([
            eb.and([eb('from_id', '=', a), eb('to_id', '=', b)]),
            eb.and([eb('from_id', '=', b), eb('to_id', '=', a)]),
          ]),
        )
        .execute();
    });
  }

  async deleteFriends(userId: string, others: string[]): Promise<string[]> {
    if (!others.length) return [];
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('im_friend')
        .where('user_id', '=', userId)
        .where('friend_id', 'in', others)
        .returning('friend_id')
        .execute();
      await trx
        .deleteFrom('im_friend')
        .where('friend_id', '=', userId)
        .where('user_id', 'in', others)
        .execute();
      return rows.map((r) => r.friend_id);
    });
  }

  async addRequest(from: string, to: string, wording: string, now: number) {
    await this.db
      .insertInto('im_friend_request')
      .values({ from_id: from, to_id: to, wording, created_ms: now })
      .onConflict((oc) =>
        oc.columns(['from_id', 'to_id']).doUpdateSet({ wording, created_ms: now }),
      )
      .execute();
  }

  async takeRequest(from: string, to: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('im_friend_request')
      .where('from_id', '=', from)
      .where('to_id', '=', to)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async requests(userId: string) {
    return this.db
      .selectFrom('im_friend_request')
      .selectAll()
      .where((eb) => eb.or([eb('to_id', '=', userId), eb('from_id', '=', userId)]))
      .orderBy('created_ms', 'desc')
      .execute();
  }

  async addBlacklist(userId: string, others: string[], now: number) {
    if (!others.length) return;
    await this.db
      .insertInto('im_blacklist')
      .values(others.map((o) => ({ user_id: userId, blocked_id: o, created_ms: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeBlacklist(userId: string, others: string[]) {
    if (!others.length) return;
    await this.db
      .deleteFrom('im_blacklist')
      .where('user_id', '=', userId)
      .where('blocked_id', 'in', others)
      .execute();
  }

  async blacklist(userId: string, start: number, limit: number) {
    const rows = await this.db
      .selectFrom('im_blacklist')
      .select(['blocked_id', 'created_ms'])
      .where('user_id', '=', userId)
      .orderBy('created_ms')
      .orderBy('blocked_id')
      .offset(start)
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      userID: r.blocked_id,
      timeStamp: Math.floor(Number(r.created_ms) / 1000),
    }));
  }

  async isBlocked(owner: string, other: string) {
    return Boolean(
      await this.db
        .selectFrom('im_blacklist')
        .select('user_id')
        .where('user_id', '=', owner)
        .where('blocked_id', '=', other)
        .executeTakeFirst(),
    );
  }
}
