import { stringify } from 'csv-stringify/sync';
import { linesByOrder, toAdminOrderRow } from './order-console-view.ts';
import type { OrderFilter, OrderListRepo, OrderListRow, OrderOrdering } from './order-list.repo.ts';

/** Rows fetched per query: each page is one short indexed read; nothing is held between them. */
export const EXPORT_PAGE = 500;

/**
 * Rows per chunk written: small strings (about 13 KB) that V8 allocates young, where a whole page
 * as one string (about 130 KB) would be a large object that only a full collection frees.
 */
const CHUNK_ROWS = 50;

/** Excel opens a UTF-8 file as UTF-8 only when it starts with this. */
const BOM = '\uFEFF';
const OFFSET_MS = 8 * 3_600_000;

const HEADER = [
  '订单号',
  '店铺',
  '买家',
  '买家手机',
  '商品',
  '件数',
  '商品金额(元)',
  '运费(元)',
  '优惠券(元)',
  '红包(元)',
  '积分抵扣(元)',
  '实付(元)',
  '状态',
  '支付方式',
  '直播间',
  '收货人',
  '收货电话',
  '收货地址',
  '买家备注',
  '商家备注',
  '快递公司',
  '快递单号',
  '下单时间',
  '支付时间',
  '发货时间',
];

/** Fen as yuan with two decimals, in integers (never a float): 1290 → 12.90. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** China time, as the console shows it: 2026-05-01 09:30:00. */
export function chinaTime(d: Date | null): string {
  if (!d) return '';
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A text cell that a spreadsheet would run as a formula (= + - @, or a tab / carriage return
 * before one) is written with a leading apostrophe, so it shows as the text it is.
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvLine(o: OrderListRow, lines: Parameters<typeof toAdminOrderRow>[1]): string[] {
  const r = toAdminOrderRow(o, lines);
  const goods = lines.map((l) => `${l.title}（${l.sku_name}）×${l.quantity}`).join('；');
  const text = [
    r.orderNo,
    r.storeName,
    r.buyerNickname,
    r.buyerPhone,
    goods,
    String(r.itemCount),
    yuan(r.goodsAmount),
    yuan(r.shippingFee),
    yuan(r.discountAmount),
    yuan(r.redpacketAmount),
    yuan(r.pointsAmount),
    yuan(r.payAmount),
    r.statusText,
    r.payMethodText,
    r.liveRoomId === null ? '' : String(r.liveRoomId),
    o.address.name,
    o.address.phone,
    o.address.fullAddress,
    o.note,
    r.merchantRemark,
    r.carrier ?? '',
    r.trackingNo ?? '',
    chinaTime(o.created_at),
    chinaTime(o.paid_at),
    chinaTime(o.shipped_at),
  ];
  return text.map(safeCell);
}

/** Where the next keyset page starts: the sort key of the page's last row, and its id. */
function cursorOf(row: OrderListRow & { sort_key: unknown }) {
  const key = typeof row.sort_key === 'string' ? row.sort_key : Number(row.sort_key);
  return { key, id: row.id };
}

/**
 * The filtered list as CSV, page by page in the list's order: the header first (with the BOM),
 * then one chunk per page. A consumer that reads slowly holds the walk back (the stream asks for
 * the next chunk only when it has room), so memory stays flat whatever the number of orders.
 */
export async function* exportOrders(
  repo: OrderListRepo,
  filter: OrderFilter | null,
  ordering: OrderOrdering,
): AsyncGenerator<string> {
  yield BOM + stringify([HEADER]);
  if (!filter) return;
  let after: { key: string | number; id: number } | null = null;
  for (;;) {
    const rows = await repo.keysetPage(filter, ordering, after, EXPORT_PAGE);
    const last = rows.at(-1);
    if (!last) return;
    const lines = linesByOrder(await repo.lines(rows.map((r) => r.id)));
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      yield stringify(rows.slice(i, i + CHUNK_ROWS).map((r) => csvLine(r, lines.get(r.id) ?? [])));
    }
    if (rows.length < EXPORT_PAGE) return;
    after = cursorOf(last);
  }
}
