import type { BillQuery, RedPacketListQuery } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

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
