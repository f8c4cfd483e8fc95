// Request and response schemas of invoices and invoice titles (invoiceMent pages). Money is integer fen.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PageQuery } from './envelope.ts';

/** GB 32100-2015 characters of a unified social credit code (no I, O, Z, S, V). */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The GB 32100 check character of a code's first 17 characters. */
export function creditCheckChar(first17: string): string {
  const sum = [...first17].reduce(
    (acc, c, i) => acc + CREDIT_CODE_CHARS.indexOf(c) * (CREDIT_WEIGHTS[i] ?? 0),
    0,
  );
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] ?? '0';
}

/** 18 characters of the GB 32100 alphabet whose last one is the right check character. */
export function isCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  for (const c of code) if (!CREDIT_CODE_CHARS.includes(c)) return false;
  return creditCheckChar(code.slice(0, 17)) === code[17];
}

export const INVOICE_TITLE_NAME_MAX = 60;
export const INVOICE_TITLES_MAX = 20;
export const EMAIL_PATTERN = '^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\\.[A-Za-z]{2,24}$';

export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_TEXT: Record<InvoiceTitleType, string> = {
  personal: '个人',
  company: '企业',
};

export const INVOICE_STATUSES = ['applying', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  applying: '申请中',
  issued: '已开具',
};

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const OrderNo = Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' });
const TitleType = Type.Union([Type.Literal('personal'), Type.Literal('company')], {
  errorId: 'INVOICE_TITLE_TYPE_INVALID',
});
const Optional = (max: number, errorId: string) =>
  Type.Optional(Type.String({ maxLength: max, errorId }));

export const InvoiceTitle = Type.Object({
  id: Type.Integer(),
  type: TitleType,
  name: Type.String(),
  /** The buyer's unified social credit code (company titles only). */
  taxNo: Type.Union([Type.String(), Type.Null()]),
  bankName: Type.String(),
  bankAccount: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  isDefault: Type.Boolean(),
});
export type InvoiceTitle = Static<typeof InvoiceTitle>;

/** Adds a title, or edits one when `id` is given. Company titles need a valid taxNo. */
export const InvoiceTitleSaveBody = Type.Object({
  id: Type.Optional(Id('INVOICE_TITLE_NOT_FOUND')),
  type: TitleType,
  name: Type.String({
    minLength: 1,
    maxLength: INVOICE_TITLE_NAME_MAX,
    errorId: 'INVOICE_TITLE_NAME_INVALID',
  }),
  taxNo: Optional(18, 'CREDIT_CODE_INVALID'),
  bankName: Optional(60, 'INVOICE_TITLE_FIELD_INVALID'),
  bankAccount: Optional(40, 'INVOICE_TITLE_FIELD_INVALID'),
  address: Optional(100, 'INVOICE_TITLE_FIELD_INVALID'),
  phone: Optional(20, 'INVOICE_TITLE_FIELD_INVALID'),
  email: Optional(254, 'EMAIL_INVALID'),
  isDefault: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
});
export type InvoiceTitleSaveBody = Static<typeof InvoiceTitleSaveBody>;

export const InvoiceTitleIdBody = Type.Object({ id: Id('INVOICE_TITLE_NOT_FOUND') });
export type InvoiceTitleIdBody = Static<typeof InvoiceTitleIdBody>;
export const InvoiceIdQuery = Type.Object({ id: Id('INVOICE_NOT_FOUND') });
export type InvoiceIdQuery = Static<typeof InvoiceIdQuery>;
export const InvoiceOrderQuery = Type.Object({ orderNo: OrderNo });
export type InvoiceOrderQuery = Static<typeof InvoiceOrderQuery>;

/** What applyInvoice shows for an order: the amount, and whether it can be invoiced now. */
export const InvoiceOrderInfo = Type.Object({
  orderNo: Type.String(),
  storeName: Type.String(),
  amount: Type.Integer(),
  /** True for a received or finished order without an invoice, no open refund, something kept. */
  canApply: Type.Boolean(),
  invoiceId: Type.Union([Type.Integer(), Type.Null()]),
  /** Why not (the catalogue's text), or null when it can be applied for. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceOrderInfo = Static<typeof InvoiceOrderInfo>;

export const ApplyInvoiceBody = Type.Object({
  orderNo: OrderNo,
  titleId: Id('INVOICE_TITLE_NOT_FOUND'),
  /** A value of the invoice_content dictionary; 商品明细 when absent. */
  content: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVOICE_CONTENT_INVALID' })),
});
export type ApplyInvoiceBody = Static<typeof ApplyInvoiceBody>;

export const InvoiceTab = Type.Union(
  [Type.Literal('all'), Type.Literal('applying'), Type.Literal('issued')],
  { errorId: 'INVALID_PARAM' },
);
export type InvoiceTab = Static<typeof InvoiceTab>;
export const InvoiceListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(InvoiceTab),
});
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

const StatusSchema = Type.Union([Type.Literal('applying'), Type.Literal('issued')]);

export const InvoiceSummary = Type.Object({
  id: Type.Integer(),
  /** Assigned when issued. */
  invoiceNo: Type.Union([Type.String(), Type.Null()]),
  orderNo: Type.String(),
  storeName: Type.String(),
  titleType: TitleType,
  titleName: Type.String(),
  amount: Type.Integer(),
  status: StatusSchema,
  statusText: Type.String(),
  appliedAt: Type.String(),
  issuedAt: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const InvoiceLine = Type.Object({
  title: Type.String(),
  skuName: Type.String(),
  price: Type.Integer(),
  quantity: Type.Integer(),
  amount: Type.Integer(),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

export const InvoiceDetail = Type.Object({
  ...InvoiceSummary.properties,
  taxNo: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  content: Type.String(),
  items: Type.Array(InvoiceLine),
  /** The PDF (owner only), once issued. */
  downloadUrl: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceDetail = Static<typeof InvoiceDetail>;

/** `admin/invoice/list`: applied and issued invoices, newest first, by state, store or order. */
export const AdminInvoiceListQuery = Type.Object({
  ...InvoiceListQuery.properties,
  storeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' })),
  /** An order or invoice number (exact). */
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
});
export type AdminInvoiceListQuery = Static<typeof AdminInvoiceListQuery>;
export const AdminInvoice = Type.Object({
  ...InvoiceSummary.properties,
  userId: Type.Integer(),
  storeId: Type.Integer(),
  taxNo: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  content: Type.String(),
  items: Type.Array(InvoiceLine),
});
export type AdminInvoice = Static<typeof AdminInvoice>;
export const IssueInvoiceBody = Type.Object({ id: Id('INVOICE_NOT_FOUND') });
export type IssueInvoiceBody = Static<typeof IssueInvoiceBody>;
