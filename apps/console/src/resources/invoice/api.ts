import type { ApiData, ApiQuery } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

/** A row of `admin/invoice/list` (the list itself comes through the data provider). */
export type InvoiceRow = ApiData<'admin/invoice/list'>['list'][number];
export type InvoiceStatus = Exclude<NonNullable<ApiQuery<'admin/invoice/list'>['status']>, 'all'>;

/** 开具: the server renders the PDF and numbers the invoice; the buyer is told. */
export const issueInvoice = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/invoice/issue', { body: { id } }));
