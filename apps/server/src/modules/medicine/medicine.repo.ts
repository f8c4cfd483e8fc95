import type { VisitStatus } from '@chaopin/contracts';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type {
  MedicineDb,
  MedicinePharmacistTable,
  MedicinePrescriptionTable,
  MedicineVisitTable,
} from './medicine.tables.ts';

export type PharmacistRow = Selectable<MedicinePharmacistTable>;
export type PrescriptionRow = Selectable<MedicinePrescriptionTable>;
export type VisitRow = Selectable<MedicineVisitTable> & {
  ph_name: string;
  ph_title: string;
  ph_hospital: string;
  ph_avatar: string;
  ph_user_id: number;
};

export interface VisitFilter {
  userId?: number;
  status?: VisitStatus;
  pharmacistId?: number;
}

/** Keys the per-user advisory lock of request submission (any constant apart from others'). */
const SUBMIT_LOCK_CLASS = 4201;

/** SQL of pharmacists, follow-up requests and prescriptions. */
export class MedicineRepo {
  constructor(private readonly db: MedicineDb) {}

  pharmacists(enabledOnly: boolean, limit: number, offset: number) {
    let q = this.db.selectFrom('medicine_pharmacist');
    if (enabledOnly) q = q.where('enabled', '=', true);
    return Promise.all([
      q
        .selectAll()
        .orderBy('online', 'desc')
        .orderBy('sort', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  pharmacist(id: number, db: MedicineDb = this.db) {
    return db.selectFrom('medicine_pharmacist').selectAll().where('id', '=', id).executeTakeFirst();
  }

  pharmacistOfUser(userId: number) {
    return this.db
      .selectFrom('medicine_pharmacist')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  insertPharmacist(values: Insertable<MedicinePharmacistTable>) {
    return this.db
      .insertInto('medicine_pharmacist')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  updatePharmacist(id: number, values: Updateable<MedicinePharmacistTable>) {
    return this.db
      .updateTable('medicine_pharmacist')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Serialises one user's submissions (the open-request count, then the insert). */
  async lockUser(trx: MedicineDb, userId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${SUBMIT_LOCK_CLASS}, ${userId})`.execute(trx);
  }

  visitIdByKey(trx: MedicineDb, userId: number, clientKey: string) {
    return trx
      .selectFrom('medicine_visit')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  async openCount(trx: MedicineDb, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('medicine_visit')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'submitted')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async nextId(
    trx: MedicineDb,
    table: 'medicine_visit' | 'medicine_prescription',
  ): Promise<number> {
    const seq = `${table}_id_seq`;
    const { rows } = await sql<{ id: number }>`select nextval(${seq})::int as id`.execute(trx);
    const row = rows[0];
    if (!row) throw new Error(`no value from ${seq}`);
    return row.id;
  }

  async insertVisit(trx: MedicineDb, values: Insertable<MedicineVisitTable>): Promise<void> {
    await trx.insertInto('medicine_visit').values(values).execute();
  }

  private visitQuery(db: MedicineDb) {
    return db
      .selectFrom('medicine_visit as v')
      .innerJoin('medicine_pharmacist as p', 'p.id', 'v.pharmacist_id')
      .selectAll('v')
      .select([
        'p.name as ph_name',
        'p.title as ph_title',
        'p.hospital as ph_hospital',
        'p.avatar as ph_avatar',
        'p.user_id as ph_user_id',
      ]);
  }

  visit(id: number, db: MedicineDb = this.db): Promise<VisitRow | undefined> {
    return this.visitQuery(db).where('v.id', '=', id).executeTakeFirst();
  }

  visits(filter: VisitFilter, limit: number, offset: number) {
    let list = this.visitQuery(this.db);
    let count = this.db.selectFrom('medicine_visit as v');
    if (filter.userId !== undefined) {
      list = list.where('v.user_id', '=', filter.userId);
      count = count.where('v.user_id', '=', filter.userId);
    }
    if (filter.status !== undefined) {
      list = list.where('v.status', '=', filter.status);
      count = count.where('v.status', '=', filter.status);
    }
    if (filter.pharmacistId !== undefined) {
      list = list.where('v.pharmacist_id', '=', filter.pharmacistId);
      count = count.where('v.pharmacist_id', '=', filter.pharmacistId);
    }
    return Promise.all([
      list.orderBy('v.id', 'desc').limit(limit).offset(offset).execute(),
      count.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  /**
   * Moves a waiting request to its end state; the `status = 'submitted'` guard makes one of any
   * concurrent moves (cancel, prescribe, reject) win. Answers whether this one did.
   */
  async close(
    trx: MedicineDb,
    id: number,
    to: Exclude<VisitStatus, 'submitted'>,
    opts: { userId?: number; reason?: string } = {},
  ): Promise<boolean> {
    let q = trx
      .updateTable('medicine_visit')
      .set({ status: to, closed_at: new Date(), reject_reason: opts.reason ?? null })
      .where('id', '=', id)
      .where('status', '=', 'submitted');
    if (opts.userId !== undefined) q = q.where('user_id', '=', opts.userId);
    const row = await q.returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async insertPrescription(
    trx: MedicineDb,
    values: Insertable<MedicinePrescriptionTable> & { id: number },
    lines: readonly { skuId: number; quantity: number }[],
  ): Promise<void> {
    await trx.insertInto('medicine_prescription').values(values).execute();
    await trx
      .insertInto('medicine_prescription_line')
      .values(
        lines.map((l) => ({
          prescription_id: values.id,
          sku_id: l.skuId,
          quantity: l.quantity,
        })),
      )
      .execute();
  }

  async countConsult(trx: MedicineDb, pharmacistId: number): Promise<void> {
    await trx
      .updateTable('medicine_pharmacist')
      .set((eb) => ({ consult_count: eb('consult_count', '+', 1) }))
      .where('id', '=', pharmacistId)
      .execute();
  }

  prescription(visitId: number) {
    return this.db
      .selectFrom('medicine_prescription as r')
      .innerJoin('medicine_pharmacist as p', 'p.id', 'r.pharmacist_id')
      .selectAll('r')
      .select(['p.name as ph_name', 'p.title as ph_title'])
      .where('r.visit_id', '=', visitId)
      .executeTakeFirst();
  }
}
