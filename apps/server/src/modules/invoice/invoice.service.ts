import {
  type ApplyInvoiceBody,
  EMAIL_PATTERN,
  ERRORS,
  type ErrorId,
  INVOICE_STATUS_TEXT,
  INVOICE_TITLES_MAX,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceOrderInfo,
  type InvoiceSummary,
  type InvoiceTitle,
  type InvoiceTitleSaveBody,
  isCreditCode,
  type PageOf,
} from '@chaopin/contracts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderService } from '../order/index.ts';
import type { InvoiceRepo, InvoiceRow, TitleFields, TitleRow } from './invoice.repo.ts';
import { invoicedAmounts, type RefundsOfOrder } from './invoice-amounts.ts';

const EMAIL = new RegExp(EMAIL_PATTERN);
/** Orders the buyer has received (evaluated or not) can be invoiced. */
const INVOICEABLE = new Set(['unevaluated', 'finished']);
const DEFAULT_CONTENT = 'detail';

export const DOWNLOAD_PATH = '/chaopin-boot/api/v1/invoice/download';

export function toTitle(row: TitleRow): InvoiceTitle {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    taxNo: row.tax_no,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    address: row.address,
    phone: row.phone,
    email: row.email,
    isDefault: row.is_default,
  };
}

export function toSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    invoiceNo: row.invoice_no,
    orderNo: row.order_no,
    storeName: row.store_name,
    titleType: row.title_type,
    titleName: row.title_name,
    amount: row.amount,
    status: row.status,
    statusText: INVOICE_STATUS_TEXT[row.status],
    appliedAt: row.applied_at.toISOString(),
    issuedAt: row.issued_at ? row.issued_at.toISOString() : null,
  };
}

const clean = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');

/** Checks a title form: company titles need a valid GB 32100 code; personal ones carry none. */
function titleFields(body: InvoiceTitleSaveBody): TitleFields {
  const name = clean(body.name);
  if (!name) throw new AppError('INVOICE_TITLE_NAME_INVALID');
  const email = clean(body.email);
  if (email && !EMAIL.test(email)) throw new AppError('EMAIL_INVALID');
  let taxNo: string | null = null;
  if (body.type === 'company') {
    taxNo = clean(body.taxNo).toUpperCase();
    if (!isCreditCode(taxNo)) throw new AppError('CREDIT_CODE_INVALID');
  }
  return {
    type: body.type,
    name,
    tax_no: taxNo,
    bank_name: clean(body.bankName),
    bank_account: clean(body.bankAccount),
    address: clean(body.address),
    phone: clean(body.phone),
    email,
  };
}

/** What invoices need from the dictionary (the invoice_content list). */
export type ContentLabel = (value: string) => Promise<string | null>;

/** Invoice titles, applying for an order's invoice, the buyer's invoices and their PDF. */
export class InvoiceService {
  constructor(
    private readonly repo: InvoiceRepo,
    private readonly orders: OrderService,
    private readonly blobs: BlobStore,
    private readonly contentLabel: ContentLabel,
    private readonly refunds: RefundsOfOrder,
  ) {}

  async titles(userId: number): Promise<InvoiceTitle[]> {
    return (await this.repo.listTitles(userId)).map(toTitle);
  }

  async title(userId: number, id: number): Promise<InvoiceTitle> {
    const row = await this.repo.findTitle(userId, id);
    if (!row) throw new AppError('INVOICE_TITLE_NOT_FOUND');
    return toTitle(row);
  }

  /** Adds a title (the first one becomes the default) or edits one. */
  async saveTitle(userId: number, body: InvoiceTitleSaveBody): Promise<InvoiceTitle> {
    const fields = titleFields(body);
    const row = await this.repo.withUserLock(userId, async (trx) => {
      if (body.id === undefined) {
        const count = await this.repo.countTitles(userId, trx);
        if (count >= INVOICE_TITLES_MAX) throw new AppError('INVOICE_TITLE_LIMIT');
        const isDefault = count === 0 || body.isDefault === true;
        if (isDefault) await this.repo.clearDefault(trx, userId);
        return this.repo.insertTitle(trx, userId, fields, isDefault);
      }
      const current = await this.repo.findTitle(userId, body.id, trx);
      if (!current) throw new AppError('INVOICE_TITLE_NOT_FOUND');
      const makeDefault = body.isDefault === true && !current.is_default;
      if (makeDefault) await this.repo.clearDefault(trx, userId);
      const updated = await this.repo.updateTitle(trx, userId, body.id, {
        ...fields,
        ...(makeDefault ? { is_default: true } : {}),
      });
      if (!updated) throw new AppError('INVOICE_TITLE_NOT_FOUND');
      return updated;
    });
    return toTitle(row);
  }

  async setDefault(userId: number, id: number): Promise<InvoiceTitle> {
    const row = await this.repo.withUserLock(userId, async (trx) => {
      const current = await this.repo.findTitle(userId, id, trx);
      if (!current) throw new AppError('INVOICE_TITLE_NOT_FOUND');
      if (current.is_default) return current;
      await this.repo.clearDefault(trx, userId);
      const updated = await this.repo.updateTitle(trx, userId, id, { is_default: true });
      if (!updated) throw new AppError('INVOICE_TITLE_NOT_FOUND');
      return updated;
    });
    return toTitle(row);
  }

  async removeTitle(userId: number, id: number): Promise<void> {
    await this.repo.withUserLock(userId, async (trx) => {
      const current = await this.repo.findTitle(userId, id, trx);
      if (!current) throw new AppError('INVOICE_TITLE_NOT_FOUND');
      await this.repo.softDeleteTitle(trx, userId, id);
      if (current.is_default) await this.repo.promoteNewest(trx, userId);
    });
  }

  /** The order as applyInvoice shows it (ORDER_NOT_FOUND for another user's order). */
  async orderInfo(userId: number, orderNo: string): Promise<InvoiceOrderInfo> {
    const order = await this.orders.detail(userId, orderNo);
    const [existing, refunds] = await Promise.all([
      this.repo.byOrderNo(order.orderNo),
      this.refunds.summary(order.orderNo),
    ]);
    const { amount } = invoicedAmounts(order, refunds);
    const blocked: ErrorId | null = !INVOICEABLE.has(order.status)
      ? 'INVOICE_ORDER_NOT_FINISHED'
      : existing
        ? 'INVOICE_EXISTS'
        : refunds.open
          ? 'INVOICE_REFUND_OPEN'
          : amount <= 0
            ? 'INVOICE_NOTHING_TO_INVOICE'
            : null;
    return {
      orderNo: order.orderNo,
      storeName: order.storeName,
      amount,
      canApply: blocked === null,
      reason: blocked && ERRORS[blocked].msg,
      invoiceId: existing?.id ?? null,
    };
  }

  /**
   * One invoice per received order, for what the buyer kept (paid less refunded), with the title
   * copied as it is now. Not while a refund is open: its amount is not final yet.
   */
  async apply(userId: number, body: ApplyInvoiceBody): Promise<InvoiceSummary> {
    const order = await this.orders.detail(userId, body.orderNo);
    if (!INVOICEABLE.has(order.status)) throw new AppError('INVOICE_ORDER_NOT_FINISHED');
    const refunds = await this.refunds.summary(order.orderNo);
    if (refunds.open) throw new AppError('INVOICE_REFUND_OPEN');
    const invoiced = invoicedAmounts(order, refunds);
    if (invoiced.amount <= 0) throw new AppError('INVOICE_NOTHING_TO_INVOICE');
    const title = await this.repo.findTitle(userId, body.titleId);
    if (!title) throw new AppError('INVOICE_TITLE_NOT_FOUND');
    const content = await this.contentLabel(body.content || DEFAULT_CONTENT);
    if (!content) throw new AppError('INVOICE_CONTENT_INVALID');
    const row = await this.repo.insertInvoice({
      user_id: userId,
      order_no: order.orderNo,
      store_id: order.storeId,
      store_name: order.storeName,
      title_type: title.type,
      title_name: title.name,
      tax_no: title.tax_no,
      bank_name: title.bank_name,
      bank_account: title.bank_account,
      address: title.address,
      phone: title.phone,
      email: title.email,
      content,
      amount: invoiced.amount,
      items: JSON.stringify(invoiced.items),
    });
    if (!row) throw new AppError('INVOICE_EXISTS');
    return toSummary(row);
  }

  async list(userId: number, q: InvoiceListQuery): Promise<PageOf<InvoiceSummary>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const { total, rows } = await this.repo.page(
      userId,
      q.status ?? 'all',
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toSummary), total, pageNum, pageSize };
  }

  async detail(userId: number, id: number): Promise<InvoiceDetail> {
    const row = await this.repo.findOwned(userId, id);
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    return {
      ...toSummary(row),
      taxNo: row.tax_no,
      email: row.email,
      content: row.content,
      items: row.items,
      downloadUrl: row.status === 'issued' ? `${DOWNLOAD_PATH}?id=${row.id}` : null,
    };
  }

  /** The issued PDF, for its owner only. */
  async download(userId: number, id: number): Promise<{ filename: string; bytes: Uint8Array }> {
    const row = await this.repo.findOwned(userId, id);
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    if (row.status !== 'issued' || !row.pdf_key || !row.invoice_no) {
      throw new AppError('INVOICE_NOT_ISSUED');
    }
    const bytes = await this.blobs.get(row.pdf_key);
    if (!bytes) throw new AppError('INVOICE_NOT_FOUND');
    return { filename: `发票-${row.invoice_no}.pdf`, bytes };
  }
}
