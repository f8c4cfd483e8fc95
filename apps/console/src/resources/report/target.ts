/** What a report can point at, as the console names it. */
export const TARGET_TYPES = [
  { value: 'goods', label: '商品' },
  { value: 'store', label: '店铺' },
  { value: 'live', label: '直播间' },
  { value: 'user', label: '用户' },
] as const;

/** The shopper app's pages (apps/web ui/paths.ts) of a reported thing; a user has none. */
const SHOPPER_PAGES: Record<string, string> = {
  goods: '/pages/shopDetails/shopDetails',
  store: '/pages/shopDetailsStore/shopDetailsStore',
  live: '/rootPages/livePlay/play',
};

export function targetLabel(type: string): string {
  return TARGET_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** The reported thing's page in the shopper app (hash-routed at /), or null when it has none. */
export function shopperLink(type: string, id: number): string | null {
  const page = SHOPPER_PAGES[type];
  return page ? `/#${page}?id=${id}` : null;
}
