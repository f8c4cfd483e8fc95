// The pages bench:scale sweeps: every request the app's pages and the console's dashboard make
// on first view (the real routes under /api, as apps/web's api files call them), for a signed-in
// user. Each page turns through the signed-in users and through what varies (keywords,
// products, categories, orders), so the sweep is not one cached row read 100 times over.
import type { Counts } from './counts.ts';
import { LEAF_CATEGORIES, leafId } from './seed-catalogue.ts';
import { ADJECTIVES, NOUNS } from './sql-shapes.ts';

/** A signed-in user and what their pages need (their address, an order, a cart line). */
export interface Session {
  userId: number;
  token: string;
  addressId: number;
  orderNo: string;
  /** A SKU of a hot product, for the checkout preview. */
  skuId: number;
}

export interface Page {
  label: string;
  method?: 'GET' | 'POST';
  /** The path under the API prefix for the i-th request of `s`. */
  path: (s: Session, i: number) => string;
  body?: (s: Session, i: number) => unknown;
  /** The console's operator, not the app's users. */
  operator?: boolean;
}

const keywords = [...NOUNS, ...ADJECTIVES.slice(0, 5).map((a, i) => `${a}${NOUNS[i]}`)];
const enc = encodeURIComponent;

export function pagesFor(c: Counts): Page[] {
  // Hot products (low ids) most, then the long tail: what detail pages see.
  const product = (i: number) => 1 + Math.floor(c.products * ((i * 0.618034) % 1) ** 3);
  return [
    { label: 'home feed', path: (_, i) => `goods/list?pageNum=${1 + (i % 3)}&pageSize=10` },
    { label: 'categories', path: () => 'home/classification' },
    {
      label: 'category',
      path: (_, i) =>
        `goods/list?categoryId=${leafId(i % LEAF_CATEGORIES)}&pageNum=1&pageSize=10&sort=sales`,
    },
    {
      label: 'search (中文)',
      path: (_, i) =>
        `search/goods?keyword=${enc(keywords[i % keywords.length] ?? '')}&pageNum=1&pageSize=10`,
    },
    { label: 'product detail', path: (_, i) => `goods/detail?id=${product(i)}` },
    { label: 'cart', path: () => 'cart/list' },
    {
      label: 'checkout preview',
      method: 'POST',
      path: () => 'order/preview',
      body: (s) => ({ items: [{ skuId: s.skuId, quantity: 1 }], addressId: s.addressId }),
    },
    { label: 'order list', path: () => 'order/list?pageNum=1&pageSize=10' },
    { label: 'order detail', path: (s) => `order/queryByOrderId?orderNo=${s.orderNo}` },
    { label: 'after-sales', path: () => 'order/refundList?pageNum=1&pageSize=10' },
    { label: 'live list', path: () => 'live/list?pageNum=1&pageSize=10' },
    {
      label: 'live room',
      path: (_, i) => `live/getRoomInfo?roomId=${1 + (i % Math.min(c.rooms, 20))}`,
    },
    { label: 'my team', path: () => 'promotion/team?pageNum=1&pageSize=10' },
    { label: 'income detail', path: () => 'promotion/income?pageNum=1&pageSize=10' },
    { label: 'points bill', path: () => 'points/bill?pageNum=1&pageSize=10' },
    { label: 'wallet bill', path: () => 'wallet/bill?pageNum=1&pageSize=10' },
    {
      label: 'console dashboard',
      operator: true,
      path: (_, i) =>
        `admin/dashboard/${['summary', 'hourly', 'funnel', 'topProducts'][i % 4]}?range=${['today', '7d', '30d'][(i >> 2) % 3]}`,
    },
  ];
}
