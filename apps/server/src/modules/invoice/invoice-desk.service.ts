import { randomBytes } from 'node:crypto';
import type {
  AdminInvoice,
  AdminInvoiceListQuery,
  InvoiceSummary,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { type BlobStore, PRIVATE_KEY_PREFIX } from '../../platform/blob-store.ts';
import { type ConsoleActor, inScope, storeFilter } from '../../platform/console-gate.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditTrail } from '../access/index.ts';
import { creditCodeFor } from '../catalogue/index.ts';
import type { InvoiceRepo, InvoiceRow } from './invoice.repo.ts';
import { toSummary } from './invoice.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The console's side of invoices (发票): the requests of the caller's stores, issuing one as a
 * PDF, and that PDF. Another store's invoice is not found; every issue is in the audit log.
 */
export class InvoiceDesk {
  constructor(
    private readonly db: Db,
    private readonly repo: InvoiceRepo,
    private readonly blobs: BlobStore,
    private readonly events: DomainEvents,
    private readonly audit: AuditTrail,
  ) {}

  async list(actor: ConsoleActor, q: AdminInvoiceListQuery): Promise<PageOf<AdminInvoice>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const storeIds = storeFilter(actor, q.storeId);
    if (storeIds?.length === 0) return { list: [], total: 0, pageNum, pageSize };
    const { total, rows } = await this.repo.pageOf(
      { userId: null, storeIds, status: q.status ?? 'all', q: q.q },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        ...toSummary(r),
        userId: r.user_id,
        storeId: r.store_id,
        taxNo: r.tax_no,
        email: r.email,
        content: r.content,
        items: r.items,
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  private async scoped(actor: ConsoleActor, id: number): Promise<InvoiceRow> {
    const row = await this.repo.findAny(id);
    if (!row || !inScope(actor, row.store_id)) throw new AppError('INVOICE_NOT_FOUND');
    return row;
  }

  /**
   * Issues an applied invoice. The PDF is rendered and stored first (no lock held while
   * rendering); the status-guarded update, the `invoice.issued` event and the audit row commit
   * together, and a losing concurrent issue removes its own file.
   */
  async issue(actor: ConsoleActor, id: number): Promise<InvoiceSummary> {
    const row = await this.scoped(actor, id);
    if (row.status !== 'applying') throw new AppError('INVOICE_ALREADY_ISSUED');
    const issuedAt = new Date();
    const seq = await this.repo.nextInvoiceSeq();
    const invoiceNo = `${String(issuedAt.getUTCFullYear()).slice(2)}3300${String(seq).padStart(14, '0')}`;
    const pdf = await renderInvoicePdf({
      invoiceNo,
      issuedAt,
      orderNo: row.order_no,
      buyer: { name: row.title_name, taxNo: row.tax_no, address: row.address, phone: row.phone },
      seller: { name: row.store_name, taxNo: creditCodeFor(row.store_id) },
      content: row.content,
      items: row.items,
      amount: row.amount,
    });
    const month = `${issuedAt.getUTCFullYear()}/${String(issuedAt.getUTCMonth() + 1).padStart(2, '0')}`;
    // Private: served only by the owner-checked download routes, never under /uploads/.
    const key = `${PRIVATE_KEY_PREFIX}invoice/${month}/${randomBytes(16).toString('hex')}.pdf`;
    await this.blobs.put(key, pdf, 'application/pdf');
    const issued = await this.db
      .transaction()
      .execute(async (trx) => {
        const updated = await this.repo.markIssued(narrowDb(trx), id, invoiceNo, key);
        if (!updated) return undefined;
        await this.events.emit(trx, {
          type: 'invoice.issued',
          userId: updated.user_id,
          orderNo: updated.order_no,
          invoiceId: updated.id,
        });
        await this.audit.record(trx, actor, {
          resource: 'invoice',
          resourceId: updated.id,
          action: 'issue',
          storeId: updated.store_id,
          before: { status: row.status, invoiceNo: row.invoice_no },
          after: { status: updated.status, invoiceNo: updated.invoice_no },
        });
        return updated;
      })
      .catch(async (err) => {
        await this.blobs.delete(key);
        throw err;
      });
    if (!issued) {
      await this.blobs.delete(key);
      throw new AppError('INVOICE_ALREADY_ISSUED');
    }
    return toSummary(issued);
  }

  /** The issued PDF, for the invoice's store (and the operator). */
  async download(
    actor: ConsoleActor,
    id: number,
  ): Promise<{ filename: string; bytes: Uint8Array }> {
    const row = await this.scoped(actor, id);
    if (row.status !== 'issued' || !row.pdf_key || !row.invoice_no) {
      throw new AppError('INVOICE_NOT_ISSUED');
    }
    const bytes = await this.blobs.get(row.pdf_key);
    if (!bytes) throw new AppError('INVOICE_NOT_FOUND');
    return { filename: `发票-${row.invoice_no}.pdf`, bytes };
  }
}
