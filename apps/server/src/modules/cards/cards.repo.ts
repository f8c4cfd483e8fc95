import { type Insertable, sql, type Updateable } from 'kysely';
import { userReads } from '../user/index.ts';
import type { CardCampaignTable, CardLogTable, CardsDb } from './cards.tables.ts';

type LogRow = Insertable<CardLogTable>;

/** SQL of card campaigns, holdings, the movement log and exchanges. */
export class CardsRepo {
  constructor(private readonly db: CardsDb) {}

  // --- campaigns ------------------------------------------------------------------------------

  async insertCampaign(
    trx: CardsDb,
    row: Insertable<CardCampaignTable>,
    kinds: readonly { name: string; weight: number }[],
  ): Promise<number> {
    const { id } = await trx
      .insertInto('card_campaign')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.insertKinds(trx, id, kinds);
    return id;
  }

  insertKinds(
    trx: CardsDb,
    campaignId: number,
    kinds: readonly { name: string; weight: number }[],
  ) {
    return trx
      .insertInto('card_kind')
      .values(kinds.map((k, i) => ({ campaign_id: campaignId, position: i + 1, ...k })))
      .execute();
  }

  updateCampaign(trx: CardsDb, id: number, set: Updateable<CardCampaignTable>) {
    return trx.updateTable('card_campaign').set(set).where('id', '=', id).execute();
  }

  updateKind(
    trx: CardsDb,
    campaignId: number,
    position: number,
    k: { name: string; weight: number },
  ) {
    return trx
      .updateTable('card_kind')
      .set(k)
      .where('campaign_id', '=', campaignId)
      .where('position', '=', position)
      .execute();
  }

  deleteKinds(trx: CardsDb, campaignId: number) {
    return trx.deleteFrom('card_kind').where('campaign_id', '=', campaignId).execute();
  }

  /** Whether anybody ever held a card of the campaign (its kinds are then fixed). */
  async hasCards(campaignId: number, db: CardsDb = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('card_log')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  campaign(id: number, db: CardsDb = this.db) {
    return db.selectFrom('card_campaign').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest campaign running at `now` (the one actions earn cards in). */
  current(now: Date, db: CardsDb = this.db) {
    return db
      .selectFrom('card_campaign')
      .selectAll()
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  kinds(campaignId: number, db: CardsDb = this.db) {
    return db
      .selectFrom('card_kind')
      .select(['id', 'position', 'name', 'weight'])
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .execute();
  }

  // --- holdings -------------------------------------------------------------------------------

  /** The user's count of each kind of the campaign (0 where none). */
  holdings(userId: number, campaignId: number, db: CardsDb = this.db) {
    return db
      .selectFrom('card_kind as k')
      .leftJoin('card_holding as h', (j) =>
        j.onRef('h.kind_id', '=', 'k.id').on('h.user_id', '=', userId),
      )
      .select(['k.id', 'k.name', 'k.weight', sql<number>`coalesce(h.count, 0)::int`.as('count')])
      .where('k.campaign_id', '=', campaignId)
      .orderBy('k.position')
      .execute();
  }

  /** Adds cards of a kind to the user's count (the row is made on the first one). */
  add(trx: CardsDb, p: { userId: number; campaignId: number; kindId: number; n: number }) {
    return trx
      .insertInto('card_holding')
      .values({ user_id: p.userId, campaign_id: p.campaignId, kind_id: p.kindId, count: p.n })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind_id']).doUpdateSet({ count: sql`card_holding.count + ${p.n}` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
  }

  /** A zero row for a receiver, so that a gift can lock both sides before moving the card. */
  ensure(trx: CardsDb, p: { userId: number; campaignId: number; kindId: number }) {
    return trx
      .insertInto('card_holding')
      .values({ user_id: p.userId, campaign_id: p.campaignId, kind_id: p.kindId, count: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'kind_id']).doNothing())
      .execute();
  }

  /**
   * Locks the rows in (kind, user) order, the one order every movement takes its locks in, so
   * that a gift and an exchange touching the same rows never deadlock.
   */
  lock(trx: CardsDb, kindIds: readonly number[], userIds: readonly number[]) {
    return trx
      .selectFrom('card_holding')
      .select(['user_id', 'kind_id', 'count'])
      .where('kind_id', 'in', kindIds)
      .where('user_id', 'in', userIds)
      .orderBy('kind_id')
      .orderBy('user_id')
      .forUpdate()
      .execute();
  }

  /** One card of the kind from the user, if they have one: undefined otherwise. */
  takeOne(trx: CardsDb, userId: number, kindId: number) {
    return trx
      .updateTable('card_holding')
      .set({ count: sql`count - 1` })
      .where('user_id', '=', userId)
      .where('kind_id', '=', kindId)
      .where('count', '>', 0)
      .returning('count')
      .executeTakeFirst();
  }

  /** One card of every kind the user holds at least one of (the caller checks all came). */
  takeSet(trx: CardsDb, userId: number, campaignId: number) {
    return trx
      .updateTable('card_holding')
      .set({ count: sql`count - 1` })
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .where('count', '>=', 1)
      .returning('kind_id')
      .execute();
  }

  /** One card of the kind the user holds most of in the campaign, if any: its kind. */
  async takeAny(trx: CardsDb, userId: number, campaignId: number): Promise<number | undefined> {
    const most = await trx
      .selectFrom('card_holding')
      .select('kind_id')
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .where('count', '>', 0)
      .orderBy('count', 'desc')
      .orderBy('kind_id')
      .limit(1)
      .executeTakeFirst();
    if (!most) return undefined;
    return (await this.takeOne(trx, userId, most.kind_id)) ? most.kind_id : undefined;
  }

  // --- order cards undone ---------------------------------------------------------------------

  /** The card an order earned (its log row), if any. */
  orderCard(trx: CardsDb, userId: number, orderNo: string) {
    return trx
      .selectFrom('card_log')
      .select(['id', 'campaign_id', 'kind_id', 'ref'])
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .where('source', '=', 'order')
      .executeTakeFirst();
  }

  /** A log row's id, once per (user, campaign, source, ref): undefined when written before. */
  async logId(trx: CardsDb, row: LogRow): Promise<number | undefined> {
    const done = await trx
      .insertInto('card_log')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'campaign_id', 'source', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return done?.id;
  }

  /** Frees the day key of an undone order card, so the day's next paid order earns one. */
  renameRef(trx: CardsDb, logId: number, ref: string) {
    return trx.updateTable('card_log').set({ ref }).where('id', '=', logId).execute();
  }

  setLogKind(trx: CardsDb, logId: number, set: { kind_id: number; delta: number }) {
    return trx.updateTable('card_log').set(set).where('id', '=', logId).execute();
  }

  addDebt(trx: CardsDb, userId: number, campaignId: number) {
    return trx
      .insertInto('card_debt')
      .values({ user_id: userId, campaign_id: campaignId, count: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'campaign_id']).doUpdateSet({ count: sql`card_debt.count + 1` }),
      )
      .execute();
  }

  /** Pays one card of the debt, if any: whether there was one. */
  async payDebt(trx: CardsDb, userId: number, campaignId: number): Promise<boolean> {
    const row = await trx
      .updateTable('card_debt')
      .set({ count: sql`count - 1` })
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .where('count', '>', 0)
      .returning('count')
      .executeTakeFirst();
    return Boolean(row);
  }

  async debt(userId: number, campaignId: number, db: CardsDb = this.db): Promise<number> {
    const row = await db
      .selectFrom('card_debt')
      .select('count')
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  // --- the log --------------------------------------------------------------------------------

  /** A movement, once per (user, campaign, source, ref): false when it was already written. */
  async log(trx: CardsDb, row: LogRow): Promise<boolean> {
    const done = await trx
      .insertInto('card_log')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'campaign_id', 'source', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(done);
  }

  /** The earning actions the user did on the China day. */
  async earnedOn(userId: number, campaignId: number, day: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('card_log')
      .select('source')
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .where('ref', '=', day)
      .where('source', 'in', ['signin', 'order', 'share'])
      .execute();
    return new Set(rows.map((r) => r.source));
  }

  private mine(userId: number, campaignId: number) {
    return this.db
      .selectFrom('card_log as l')
      .where('l.user_id', '=', userId)
      .where('l.campaign_id', '=', campaignId);
  }

  logPage(userId: number, campaignId: number, limit: number, offset: number) {
    return Promise.all([
      this.mine(userId, campaignId)
        .innerJoin('card_kind as k', 'k.id', 'l.kind_id')
        .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'l.peer_user_id')
        .select([
          'l.id',
          'l.kind_id',
          'k.name',
          'l.delta',
          'l.source',
          'l.created_at',
          'u.phone as peer_phone',
        ])
        .orderBy('l.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.mine(userId, campaignId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
  }

  // --- exchanges ------------------------------------------------------------------------------

  async exchanges(userId: number, campaignId: number, db: CardsDb = this.db): Promise<number> {
    const row = await db
      .selectFrom('card_exchange')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The user's `seq`th exchange; undefined when that number is taken (a concurrent tap). */
  insertExchange(
    trx: CardsDb,
    p: { userId: number; campaignId: number; seq: number; rewardText: string },
  ) {
    return trx
      .insertInto('card_exchange')
      .values({
        user_id: p.userId,
        campaign_id: p.campaignId,
        seq: p.seq,
        reward_text: p.rewardText,
      })
      .onConflict((oc) => oc.columns(['user_id', 'campaign_id', 'seq']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  // --- users ----------------------------------------------------------------------------------

  user(by: { id: number } | { phone: string }) {
    return userReads.enabled(this.db, by);
  }
}
