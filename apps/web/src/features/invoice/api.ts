import type { InvoiceTab, InvoiceTitleType } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { create } from 'zustand';
import { ApiError, get, post } from '../../core/api/client.ts';
import { apiUrl } from '../../core/request.ts';
import { storage } from '../../core/storage.ts';

export { dictionaryQuery } from '../../ui/service/dictionaryQuery.ts';

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

export const invoiceKeys = {
  all: ['invoice'] as const,
  list: (tab: InvoiceTab) => ['invoice', 'list', tab] as const,
  detail: (id: number) => ['invoice', 'detail', id] as const,
  order: (orderNo: string) => ['invoice', 'order', orderNo] as const,
  titles: ['invoice', 'titles'] as const,
  title: (id: number) => ['invoice', 'titles', id] as const,
};

export const INVOICE_PAGE_SIZE = 10;
/** The operator issues invoices at any time: always refetch a status when a page shows it. */
const LIVE = 0;

export const invoicesQuery = (tab: InvoiceTab) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(tab),
    queryFn: ({ pageParam }) =>
      invoiceApi.list({ status: tab, pageNum: pageParam, pageSize: INVOICE_PAGE_SIZE }),
    initialPageParam: 1,
    staleTime: LIVE,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => invoiceApi.detail(id),
    staleTime: LIVE,
  });

export const invoiceOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: invoiceKeys.order(orderNo),
    queryFn: () => invoiceApi.orderInfo(orderNo),
    staleTime: LIVE,
  });

export const titlesQuery = () =>
  queryOptions({ queryKey: invoiceKeys.titles, queryFn: invoiceApi.titles });

export const titleQuery = (id: number) =>
  queryOptions({ queryKey: invoiceKeys.title(id), queryFn: () => invoiceApi.title(id) });

/** The title picked in the title list's select mode, read by applyInvoice when it remounts. */
export const useTitleChoice = create<{
  choice: { orderNo: string; titleId: number } | null;
  choose: (choice: { orderNo: string; titleId: number } | null) => void;
}>()((set) => ({ choice: null, choose: (choice) => set({ choice }) }));
