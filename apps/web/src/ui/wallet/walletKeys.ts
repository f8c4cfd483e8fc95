import type { RED_PACKET_TABS } from '@chaopin/contracts';
import type { BillFilter } from '../bills/billLabels.ts';

// The wallet's one key factory, here because the points and promotion pages refresh 我的资产 after
// they move money; wallet/api.ts re-exports it.

export type RedPacketTab = (typeof RED_PACKET_TABS)[number];

/** Everything under ['wallet'], so one invalidation refreshes every money figure the pages show. */
export const walletKeys = {
  rechargeStatus: (paymentNo: string) => ['account', 'rechargeStatus', paymentNo] as const,
  all: ['wallet'] as const,
  assets: ['wallet', 'assets'] as const,
  rules: ['wallet', 'rules'] as const,
  bill: (filter: BillFilter) => ['wallet', 'bill', filter] as const,
  redPackets: ['wallet', 'redPacket'] as const,
  redPacketList: (tab: RedPacketTab) => ['wallet', 'redPacket', 'list', tab] as const,
  redPacket: (id: number) => ['wallet', 'redPacket', 'detail', id] as const,
};
