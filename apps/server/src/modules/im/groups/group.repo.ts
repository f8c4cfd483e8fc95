import { type Selectable, sql, type Transaction } from 'kysely';
import type { ImDb, ImGroupMemberTable, ImGroupTable, ImTables } from '../im.tables.ts';

type Trx = Transaction<ImTables>;
type Kv = Array<{ key: string; value: string }>;
/** A group as read: the table's columns with `custom` parsed, plus its member count. */
export type GroupRow = Omit<Selectable<ImGroupTable>, 'custom'> & {
  custom: Kv;
  member_num: number;
};
/** A member as read: the table's columns with `custom` parsed. */
export type MemberRow = Omit<Selectable<ImGroupMemberTable>, 'custom'> & { custom: Kv };

const memberNum = sql<number>`(select count(*) from im_group_member m where m.group_id = g.group_id)`;

function normGroup(r: Record<string, unknown>): GroupRow {
  return {
    ...(r as unknown as GroupRow),
    custom: (typeof r.custom === 'string' ? JSON.parse(r.custom) : r.custom) as GroupRow['custom'],
    created_ms: Number(r.created_ms),
    info_ms: Number(r.info_ms),
    member_num: Number(r.member_num ?? 0),
  };
}
function normMember(r: Record<string, unknown>): MemberRow {
  return {
    ...(r as unknown as MemberRow),
    join_ms: Number(r.join_ms),
    mute_until: Number(r.mute_until),
    last_send_ms: Number(r.last_send_ms),
    custom: (typeof r.custom === 'string' ? JSON.parse(r.custom) : (r.custom ?? [])) as Kv,
  };
}

/** Groups, members and join requests. */
export class GroupRepo {
  constructor(readonly db: ImDb) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }

  async insertGroup(
    trx: Trx,
    g: Omit<GroupRow, 'member_num' | 'custom'> & { custom: string },
  ): Promise<boolean> {
    const r = await trx
      .insertInto('im_group')
      .values(g)
      .onConflict((oc) => oc.column('group_id').doNothing())
      .returning('group_id')
      .executeTakeFirst();
    return Boolean(r);
  }

  async addMembers(
    trx: Trx | ImDb,
    groupID: string,
    userIds: string[],
    role: string,
    now: number,
  ): Promise<string[]> {
    if (!userIds.length) return [];
    const rows = await trx
      .insertInto('im_group_member')
      .values(userIds.map((user_id) => ({ group_id: groupID, user_id, role, join_ms: now })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  async removeMembers(trx: Trx | ImDb, groupID: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const rows = await trx
      .deleteFrom('im_group_member')
      .where('group_id', '=', groupID)
      .where('user_id', 'in', userIds)
      .returning('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  async group(groupID: string, trx: Trx | ImDb = this.db): Promise<GroupRow | undefined> {
    const r = await trx
      .selectFrom('im_group as g')
      .selectAll('g')
      .select(memberNum.as('member_num'))
      .where('g.group_id', '=', groupID)
      .executeTakeFirst();
    return r && normGroup(r);
  }

  /** Locks the group row for a membership change (capacity and role checks stay true until commit). */
  async lockGroup(trx: Trx, groupID: string) {
    await trx
      .selectFrom('im_group')
      .select('group_id')
      .where('group_id', '=', groupID)
      .forUpdate()
      .execute();
  }

  async groups(groupIDs: string[]): Promise<GroupRow[]> {
    if (!groupIDs.length) return [];
    const rows = await this.db
      .selectFrom('im_group as g')
      .selectAll('g')
      .select(memberNum.as('member_num'))
      .where('g.group_id', 'in', groupIDs)
      .execute();
    return rows.map(normGroup);
  }

  async groupsOf(userID: string): Promise<GroupRow[]> {
    const rows = await this.db
      .selectFrom('im_group as g')
      .innerJoin('im_group_member as me', 'me.group_id', 'g.group_id')
      .selectAll('g')
      .select(memberNum.as('member_num'))
      .where('me.user_id', '=', userID)
      .orderBy('g.created_ms', 'desc')
      .execute();
    return rows.map(normGroup);
  }

  /** This user's member rows, by group (their selfInfo in the group list). */
  async membershipsOf(userID: string): Promise<Map<string, MemberRow>> {
    const rows = await this.db
      .selectFrom('im_group_member')
      .selectAll()
      .where('user_id', '=', userID)
      .execute();
    return new Map(rows.map((r) => [r.group_id, normMember(r)]));
  }

  async chatRooms(offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('im_group as g')
      .selectAll('g')
      .select(memberNum.as('member_num'))
      .where('g.type', '=', 'ChatRoom')
      .orderBy('g.created_ms', 'desc')
      .orderBy('g.group_id')
      .offset(offset)
      .limit(limit)
      .execute();
    const total = await this.db
      .selectFrom('im_group')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'ChatRoom')
      .executeTakeFirstOrThrow();
    return { rows: rows.map(normGroup), total: Number(total.n) };
  }

  async member(
    groupID: string,
    userID: string,
    trx: Trx | ImDb = this.db,
  ): Promise<MemberRow | undefined> {
    const r = await trx
      .selectFrom('im_group_member')
      .selectAll()
      .where('group_id', '=', groupID)
      .where('user_id', '=', userID)
      .executeTakeFirst();
    return r && normMember(r);
  }

  async memberIds(groupID: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('im_group_member')
      .select('user_id')
      .where('group_id', '=', groupID)
      .execute();
    return rows.map((r) => r.user_id);
  }

  async members(groupID: string, offset: number, limit: number): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('im_group_member')
      .selectAll()
      .where('group_id', '=', groupID)
      .orderBy('join_ms')
      .orderBy('user_id')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(normMember);
  }

  async membersByIds(groupID: string, userIds: string[]): Promise<MemberRow[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .selectFrom('im_group_member')
      .selectAll()
      .where('group_id', '=', groupID)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map(normMember);
  }

  async setRole(trx: Trx | ImDb, groupID: string, userID: string, role: string) {
    await trx
      .updateTable('im_group_member')
      .set({ role })
      .where('group_id', '=', groupID)
      .where('user_id', '=', userID)
      .execute();
  }

  async setMute(groupID: string, userID: string, until: number) {
    await this.db
      .updateTable('im_group_member')
      .set({ mute_until: until })
      .where('group_id', '=', groupID)
      .where('user_id', '=', userID)
      .execute();
  }

  /** The member row locked until commit (a read-modify-write of its custom fields). */
  async lockMember(trx: Trx, groupID: string, userID: string): Promise<MemberRow | undefined> {
    const r = await trx
      .selectFrom('im_group_member')
      .selectAll()
      .where('group_id', '=', groupID)
      .where('user_id', '=', userID)
      .forUpdate()
      .executeTakeFirst();
    return r && normMember(r);
  }

  async setMemberInfo(
    trx: Trx | ImDb,
    groupID: string,
    userID: string,
    set: { name_card?: string; custom?: Kv },
  ) {
    await trx
      .updateTable('im_group_member')
      .set({
        ...(set.name_card !== undefined ? { name_card: set.name_card } : {}),
        ...(set.custom !== undefined ? { custom: JSON.stringify(set.custom) } : {}),
      })
      .where('group_id', '=', groupID)
      .where('user_id', '=', userID)
      .execute();
  }

  async updateGroup(trx: Trx | ImDb, groupID: string, set: Record<string, unknown>, now: number) {
    await trx
      .updateTable('im_group')
      .set({ ...set, info_seq: sql`info_seq + 1`, info_ms: now })
      .where('group_id', '=', groupID)
      .execute();
  }

  async deleteGroup(groupID: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('im_group')
      .where('group_id', '=', groupID)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async addPendency(groupID: string, from: string, wording: string, now: number) {
    await this.db
      .insertInto('im_group_pendency')
      .values({ group_id: groupID, from_id: from, wording, created_ms: now })
      .onConflict((oc) =>
        oc.columns(['group_id', 'from_id']).doUpdateSet({ wording, created_ms: now }),
      )
      .execute();
  }

  async takePendency(trx: Trx, groupID: string, from: string): Promise<boolean> {
    const r = await trx
      .deleteFrom('im_group_pendency')
      .where('group_id', '=', groupID)
      .where('from_id', '=', from)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Join requests of the groups this user manages, oldest first from startTime. */
  async pendencies(userID: string, startMs: number, limit: number) {
    const rows = await this.db
      .selectFrom('im_group_pendency as p')
      .innerJoin('im_group_member as m', (j) =>
        j.onRef('m.group_id', '=', 'p.group_id').on('m.user_id', '=', userID),
      )
      .selectAll('p')
      .where('m.role', 'in', ['Owner', 'Admin'])
      .where('p.created_ms', '>=', startMs)
      .orderBy('p.created_ms')
      .orderBy('p.from_id')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({ ...r, created_ms: Number(r.created_ms) }));
  }
}
