import type { BillQuery, RedPacketListQuery } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import type { BillFilter } from '../../ui/bills/billLabels.ts';
import { type RedPacketTab, walletKeys } from '../../ui/wallet/walletKeys.ts';

export { type RedPacketTab, walletKeys } from '../../ui/wallet/walletKeys.ts';

export const walletApi = {
  /** 我的资产: balance, red-packet balance, coupons, commission (negative: a debt); points null until it ships. */
  assets: () => get('wallet/assets'),
  /** 明细, newest first; income and expense total the filtered rows, not just this page. */
  bill: (query: BillQuery) => get('wallet/bill', query),
  /** The configured numbers the rules pages state (they differ per deployment). */
  rules: () => get('wallet/rules'),
};

export const redPacketApi = {
  list: (query: RedPacketListQuery) => get('redPacket/list', query),
  /** The server draws the amount: the client only shows what it answers. */
  open: (id: number) => post('redPacket/open', { id }),
  detail: (id: number) => get('redPacket/detail', { id }),
  /** Removes the expired packets only (the route's name says all). */
  deleteExpired: () => post('redPacket/deleteALL'),
};

export const RED_PACKET_PAGE_SIZE = 10;
export const BILL_PAGE_SIZE = 20;

// Coupons, checkout and refunds change these from other pages that do not know about them, so
// they are asked again on every visit rather than trusted for the default 30 s.
export const assetsQuery = () =>
  queryOptions({ queryKey: walletKeys.assets, queryFn: walletApi.assets, staleTime: 0 });

export const walletRulesQuery = () =>
  queryOptions({ queryKey: walletKeys.rules, queryFn: walletApi.rules, staleTime: 10 * 60_000 });

export const billQuery = (filter: BillFilter) =>
  infiniteQueryOptions({
    queryKey: walletKeys.bill(filter),
    queryFn: ({ pageParam }) =>
      walletApi.bill({
        account: filter.account,
        kind: filter.kind,
        month: filter.month || undefined,
        pageNum: pageParam,
        pageSize: BILL_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const redPacketsQuery = (tab: RedPacketTab) =>
  infiniteQueryOptions({
    queryKey: walletKeys.redPacketList(tab),
    queryFn: ({ pageParam }) =>
      redPacketApi.list({ status: tab, pageNum: pageParam, pageSize: RED_PACKET_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const redPacketQuery = (id: number) =>
  queryOptions({ queryKey: walletKeys.redPacket(id), queryFn: () => redPacketApi.detail(id) });

/** After money moved (a top-up, a packet opened or deleted): every wallet figure and list. */
export function refreshWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
