import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { InvoiceDb, InvoiceTable, InvoiceTitleTable } from './invoice.tables.ts';

export type TitleRow = Selectable<InvoiceTitleTable>;
export type InvoiceRow = Selectable<InvoiceTable>;
export type TitleFields = Omit<
  Insertable<InvoiceTitleTable>,
  'id' | 'user_id' | 'is_default' | 'deleted_at' | 'created_at' | 'updated_at'
>;

/** Namespace of the per-user advisory lock that serialises a user's title writes. */
const TITLE_LOCK = 4110;

/** SQL for invoice titles and invoices. User-facing queries are scoped to their owner. */
export class InvoiceRepo {
  constructor(readonly db: InvoiceDb) {}

  withUserLock<T>(userId: number, work: (trx: InvoiceDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${TITLE_LOCK}, ${userId})`.execute(trx);
      return work(trx);
    });
  }

  listTitles(userId: number, db: InvoiceDb = this.db) {
    return db
      .selectFrom('invoice_title')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findTitle(userId: number, id: number, db: InvoiceDb = this.db) {
    return db
      .selectFrom('invoice_title')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async countTitles(userId: number, db: InvoiceDb): Promise<number> {
    const row = await db
      .selectFrom('invoice_title')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insertTitle(db: InvoiceDb, userId: number, fields: TitleFields, isDefault: boolean) {
    return db
      .insertInto('invoice_title')
      .values({ ...fields, user_id: userId, is_default: isDefault })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateTitle(db: InvoiceDb, userId: number, id: number, values: Updateable<InvoiceTitleTable>) {
    return db
      .updateTable('invoice_title')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  clearDefault(db: InvoiceDb, userId: number) {
    return db
      .updateTable('invoice_title')
      .set({ is_default: false, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
  }

  softDeleteTitle(db: InvoiceDb, userId: number, id: number) {
    return db
      .updateTable('invoice_title')
      .set({ deleted_at: sql`now()`, is_default: false, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Makes the user's newest remaining title the default (after the default was deleted). */
  promoteNewest(db: InvoiceDb, userId: number) {
    return db
      .updateTable('invoice_title')
      .set({ is_default: true, updated_at: sql`now()` })
      .where(
        'id',
        '=',
        db
          .selectFrom('invoice_title')
          .select('id')
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(1),
      )
      .execute();
  }

  /** Inserts the invoice unless the order already has one (then undefined). */
  insertInvoice(values: Insertable<InvoiceTable>) {
    return this.db
      .insertInto('invoice')
      .values(values)
      .onConflict((oc) => oc.column('order_no').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  byOrderNo(orderNo: string) {
    return this.db
      .selectFrom('invoice')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }

  findOwned(userId: number, id: number) {
    return this.db
      .selectFrom('invoice')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findAny(id: number) {
    return this.db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of a user's invoices, newest first. */
  page(userId: number, status: 'all' | 'applying' | 'issued', limit: number, offset: number) {
    return this.pageOf({ userId, storeIds: null, status }, limit, offset);
  }

  /**
   * A page of invoices, newest first: one user's, or (userId null) the console's, narrowed to
   * the caller's stores (null = all) and to an order or invoice number.
   */
  async pageOf(
    f: {
      userId: number | null;
      storeIds: readonly number[] | null;
      status: 'all' | 'applying' | 'issued';
      q?: string;
    },
    limit: number,
    offset: number,
  ) {
    let q = this.db.selectFrom('invoice');
    if (f.userId !== null) q = q.where('user_id', '=', f.userId);
    if (f.storeIds) q = q.where('store_id', 'in', [...f.storeIds]);
    if (f.status !== 'all') q = q.where('status', '=', f.status);
    const text = f.q?.trim();
    if (text) q = q.where((eb) => eb.or([eb('order_no', '=', text), eb('invoice_no', '=', text)]));
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  async nextInvoiceSeq(): Promise<number> {
    const { rows } = await sql<{ n: string }>`select nextval('invoice_no_seq') as n`.execute(
      this.db,
    );
    return Number(rows[0]?.n);
  }

  /** applying → issued, guarded by the status so that a second issue changes nothing. */
  markIssued(trx: InvoiceDb, id: number, invoiceNo: string, pdfKey: string) {
    return trx
      .updateTable('invoice')
      .set({ status: 'issued', invoice_no: invoiceNo, pdf_key: pdfKey, issued_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'applying')
      .returningAll()
      .executeTakeFirst();
  }
}
