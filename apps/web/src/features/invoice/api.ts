import type { InvoiceTab, InvoiceTitleType } from '@chaopin/contracts';
import { ApiError, get, post } from '../../core/api/client.ts';
import { apiUrl } from '../../core/request.ts';
import { storage } from '../../core/storage.ts';

export interface InvoiceTitleInput {
  id?: number;
  type: InvoiceTitleType;
  name: string;
  taxNo?: string;
  bankName?: string;
  bankAccount?: string;
  address?: string;
  phone?: string;
  email?: string;
  isDefault?: boolean;
}

export const invoiceApi = {
  titles: () => get('invoice/titleList'),
  title: (id: number) => get('invoice/title', { id }),
  saveTitle: (input: InvoiceTitleInput) => post('invoice/title/save', { ...input }),
  setDefaultTitle: (id: number) => post('invoice/title/default', { id }),
  removeTitle: (id: number) => post('invoice/title/delete', { id }),
  orderInfo: (orderNo: string) => get('invoice/order', { orderNo }),
  apply: (orderNo: string, titleId: number, content?: string) =>
    post('invoice/apply', { orderNo, titleId, content }),
  list: ({
    status,
    pageNum,
    pageSize = 10,
  }: {
    status: InvoiceTab;
    pageNum: number;
    pageSize?: number;
  }) => get('invoice/list', { status, pageNum, pageSize }),
  detail: (id: number) => get('invoice/detail', { id }),
  /** The issued PDF as a Blob (the route needs the TOKEN header, so a plain link cannot fetch it). */
  async pdf(downloadUrl: string): Promise<Blob> {
    const token = storage.getToken();
    const res = await fetch(apiUrl(downloadUrl), {
      headers: token ? { TOKEN: token, device: '1' } : {},
    });
    if (!res.ok || !res.headers.get('content-type')?.includes('application/pdf')) {
      const body = (await res.json().catch(() => null)) as { msg?: string; error?: string } | null;
      throw new ApiError(res.status, body?.msg ?? '下载失败，请稍后重试', body?.error ?? 'UNKNOWN');
    }
    return res.blob();
  },
};
