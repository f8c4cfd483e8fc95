import {
  LIVE_NOTICE_MAX_DAYS,
  LIVE_SHELF_MAX,
  type LiveShelfItem,
  type LiveShelfStatus,
} from '@chaopin/contracts';
import { formatDayTime } from '../../core/format.ts';

// The shelf editor's draft and the push address's text: pure functions, no React (DESIGN keeps
// such logic out of components).

/**
 * A shelf row with its status spelled out (the contracts' union of literals is built with map and
 * may widen; this keeps the editor's draft exact either way).
 */
export type ShelfRow = Omit<LiveShelfItem, 'status'> & { status: LiveShelfStatus };

/** What the picker adds: a product card's fields that a shelf row shows. */
export interface PickedProduct {
  id: number;
  title: string;
  image: string;
  price: number;
}

export const SHELF_STATUS_TEXT: Record<LiveShelfStatus, string> = {
  onSale: '在售',
  shown: '预热',
  hidden: '隐藏',
};

/** The segmented control's order. */
export const SHELF_STATUS_OPTIONS: LiveShelfStatus[] = ['onSale', 'shown', 'hidden'];

/** Moves row `index` by `delta` places (−1 up, +1 down); out of range changes nothing. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) {
    return [...list];
  }
  const next = [...list];
  const [row] = next.splice(index, 1) as [T];
  next.splice(to, 0, row);
  return next;
}

/**
 * Appends the picked products that are not on the shelf yet (in sale, not pinned), up to
 * LIVE_SHELF_MAX rows; `skipped` counts those left out for the limit.
 */
export function addProducts(
  shelf: readonly ShelfRow[],
  picked: readonly PickedProduct[],
  max = LIVE_SHELF_MAX,
): { shelf: ShelfRow[]; added: number; skipped: number } {
  const next = [...shelf];
  const onShelf = new Set(shelf.map((s) => s.productId));
  let added = 0;
  let skipped = 0;
  for (const p of picked) {
    if (onShelf.has(p.id)) continue;
    if (next.length >= max) {
      skipped += 1;
      continue;
    }
    onShelf.add(p.id);
    next.push({
      productId: p.id,
      title: p.title,
      image: p.image,
      price: p.price,
      stock: 0,
      sales: 0,
      status: 'onSale',
      sort: next.length,
      pinned: false,
    });
    added += 1;
  }
  return { shelf: next, added, skipped };
}

export function removeItem(shelf: readonly ShelfRow[], productId: number): ShelfRow[] {
  return shelf.filter((s) => s.productId !== productId);
}

export function setStatus(
  shelf: readonly ShelfRow[],
  productId: number,
  status: LiveShelfStatus,
): ShelfRow[] {
  return shelf.map((s) => (s.productId === productId ? { ...s, status } : s));
}

/** Marks one row 讲解中 (or none for null), as the server does after live/pin. */
export function markPinned<T extends { productId: number; pinned: boolean }>(
  shelf: readonly T[],
  productId: number | null,
): T[] {
  return shelf.map((s) => ({ ...s, pinned: s.productId === productId }));
}

/** live/upShop's items: the whole shelf in its order. */
export function toUpShopItems(
  shelf: readonly ShelfRow[],
): { productId: number; status: LiveShelfStatus }[] {
  return shelf.map(({ productId, status }) => ({ productId, status }));
}

/** Whether the draft differs from what the server has (order, rows or statuses). */
export function shelfChanged(saved: readonly ShelfRow[], draft: readonly ShelfRow[]) {
  if (saved.length !== draft.length) return true;
  return saved.some((s, i) => s.productId !== draft[i]?.productId || s.status !== draft[i]?.status);
}

/**
 * A stream key shown on screen: the stream name in full and the signature's middle hidden
 * (r12?exp=1735…&sign=ab12…9f3e), so a screenshot does not give the address away. The copy
 * buttons copy the whole key.
 */
export function maskStreamKey(key: string): string {
  return key.replace(/(sign=)([^&]+)/, (_all, name: string, sign: string) =>
    sign.length <= 8
      ? `${name}${'*'.repeat(sign.length)}`
      : `${name}${sign.slice(0, 4)}****${sign.slice(-4)}`,
  );
}

/** The earliest and latest moments a 预告 may be set for (the server checks the same). */
export function noticeBounds(now = new Date()): { min: Date; max: Date } {
  const min = new Date(now.getTime() + 5 * 60_000);
  const max = new Date(now.getTime() + LIVE_NOTICE_MAX_DAYS * 86_400_000 - 60_000);
  return { min, max };
}

/** 125000 ms → 2分05秒; 3723000 → 1小时02分. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}小时${pad(m)}分`;
  if (m > 0) return `${m}分${pad(s)}秒`;
  return `${s}秒`;
}

/** 预告 start text by China day: 今天 20:00 / 明天 09:30 / 06-18 20:00. */
export function noticeText(iso: string | null, now: Date | number = Date.now()): string {
  return iso ? formatDayTime(iso, now) : '';
}
