import type { ApiData, ApiQuery } from '@chaopin/core/api';
import { type ApiError, api, apiUrl, NETWORK_MSG, typed, unwrap } from '../../providers/http.ts';
import { session } from '../../providers/session.ts';

/** A row of `admin/invoice/list` (the list itself comes through the data provider). */
export type InvoiceRow = ApiData<'admin/invoice/list'>['list'][number];
export type InvoiceStatus = Exclude<NonNullable<ApiQuery<'admin/invoice/list'>['status']>, 'all'>;

/** 开具: the server renders the PDF and numbers the invoice; the buyer is told. */
export const issueInvoice = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/invoice/issue', { body: { id } }));

/** The issued invoice's PDF, saved as a file (the request carries the console's session). */
export async function downloadPdf(id: number, invoiceNo: string): Promise<void> {
  const headers = new Headers({ device: '1' });
  const token = session.token();
  if (token) headers.set('TOKEN', token);
  let response: Response;
  try {
    response = await fetch(apiUrl('admin/invoice/download', { id }), { headers });
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  if (response.headers.get('content-type') !== 'application/pdf') {
    unwrap(response.status, await response.json().catch(() => null));
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `发票-${invoiceNo}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
