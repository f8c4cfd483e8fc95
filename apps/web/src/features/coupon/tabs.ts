import type { MyCouponPage, MyCouponTab } from '@chaopin/contracts';

export type CouponCounts = MyCouponPage['counts'];

export const MY_TAB_TEXT: Record<MyCouponTab, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
};

/** 未使用(3); the bare name until the first answer brings the counts. */
export function myTabTitle(tab: MyCouponTab, counts: CouponCounts | null): string {
  return counts ? `${MY_TAB_TEXT[tab]}(${counts[tab]})` : MY_TAB_TEXT[tab];
}
