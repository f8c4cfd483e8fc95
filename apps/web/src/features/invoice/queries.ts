import type { InvoiceTab } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { create } from 'zustand';
import { serviceApi } from '../service/api.ts';
import { invoiceApi } from './api.ts';

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

/** Dictionaries change rarely: keep them for the session. */
export const dictionaryQuery = (code: string) =>
  queryOptions({
    queryKey: ['dictionary', code] as const,
    queryFn: () => serviceApi.dictionary(code),
    staleTime: 30 * 60_000,
  });

/** The title picked in the title list's select mode, read by applyInvoice when it remounts. */
export const useTitleChoice = create<{
  choice: { orderNo: string; titleId: number } | null;
  choose: (choice: { orderNo: string; titleId: number } | null) => void;
}>()((set) => ({ choice: null, choose: (choice) => set({ choice }) }));
