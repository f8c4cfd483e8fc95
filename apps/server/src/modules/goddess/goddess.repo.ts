import { sql } from 'kysely';
import { userReads } from '../user/index.ts';
import type { GoddessDb } from './goddess.tables.ts';

export interface PersonRow {
  id: number;
  nickname: string;
  avatar: string;
}

/** SQL of the goddess gang: members, their inviters and the day counters of rewards. */
export class GoddessRepo {
  constructor(private readonly db: GoddessDb) {}

  member(userId: number, db: GoddessDb = this.db) {
    return db
      .selectFrom('goddess_member')
      .select(['user_id', 'inviter_id', 'reward', 'joined_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async memberCount(): Promise<number> {
    const row = await this.db
      .selectFrom('goddess_member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  person(userId: number, db: GoddessDb = this.db): Promise<PersonRow | undefined> {
    return userReads.publicUser(db, userId);
  }

  /** The join itself: false when the user is a member already (the primary key decides). */
  async insertMember(trx: GoddessDb, userId: number, inviterId: number | null): Promise<boolean> {
    const row = await trx
      .insertInto('goddess_member')
      .values({ user_id: userId, inviter_id: inviterId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes one of the inviter's rewards of the day when fewer than `max` were taken: the upsert
   * holds the counter's row lock, so concurrent joins through one inviter never pass the max.
   */
  async takeDailyReward(
    trx: GoddessDb,
    inviterId: number,
    day: string,
    max: number,
  ): Promise<boolean> {
    if (max <= 0) return false;
    const row = await trx
      .insertInto('goddess_reward_day')
      .values({ inviter_id: inviterId, day, rewarded: 1 })
      .onConflict((oc) =>
        oc
          .columns(['inviter_id', 'day'])
          .doUpdateSet({ rewarded: sql`goddess_reward_day.rewarded + 1` })
          .where('goddess_reward_day.rewarded', '<', max),
      )
      .returning('rewarded')
      .executeTakeFirst();
    return row !== undefined;
  }

  async setReward(trx: GoddessDb, userId: number, amount: number): Promise<void> {
    await trx
      .updateTable('goddess_member')
      .set({ reward: amount })
      .where('user_id', '=', userId)
      .execute();
  }

  async rewardedOn(inviterId: number, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('goddess_reward_day')
      .select('rewarded')
      .where('inviter_id', '=', inviterId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.rewarded ?? 0;
  }

  /** Friends invited, those rewarded, and the 抵扣金 earned in all. */
  async inviteStats(inviterId: number) {
    const row = await this.db
      .selectFrom('goddess_member')
      .select((eb) => [
        eb.fn.countAll<string>().as('invited'),
        sql<string>`count(*) filter (where reward > 0)`.as('rewarded'),
        eb.fn.coalesce(eb.fn.sum<string>('reward'), sql<string>`0`).as('earned'),
      ])
      .where('inviter_id', '=', inviterId)
      .executeTakeFirstOrThrow();
    return {
      invited: Number(row.invited),
      rewarded: Number(row.rewarded),
      earned: Number(row.earned),
    };
  }

  /** Friends who joined through the inviter, newest first (only rewarded ones when asked). */
  async friends(inviterId: number, rewardedOnly: boolean, limit: number, offset: number) {
    let q = this.db
      .selectFrom('goddess_member as m')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'm.user_id')
      .where('m.inviter_id', '=', inviterId);
    if (rewardedOnly) q = q.where('m.reward', '>', 0);
    const [rows, total] = await Promise.all([
      q
        .select(['m.user_id', 'm.reward', 'm.joined_at', 'u.nickname', 'u.avatar'])
        .orderBy('m.joined_at', 'desc')
        .orderBy('m.user_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
