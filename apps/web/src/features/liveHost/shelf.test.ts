import { describe, expect, it } from 'vitest';
import {
  addProducts,
  formatDuration,
  markPinned,
  maskStreamKey,
  moveItem,
  noticeBounds,
  noticeText,
  removeItem,
  type ShelfRow,
  setStatus,
  shelfChanged,
  toUpShopItems,
} from './shelf.ts';

const row = (productId: number, extra: Partial<ShelfRow> = {}): ShelfRow => ({
  productId,
  title: `商品${productId}`,
  image: '',
  price: 100,
  stock: 5,
  sales: 0,
  status: 'onSale',
  sort: productId,
  pinned: false,
  ...extra,
});
const ids = (rows: ShelfRow[]) => rows.map((r) => r.productId);

describe('moveItem', () => {
  it('moves a row up and down', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });
  it('changes nothing past either end, and returns a copy', () => {
    const list = [1, 2, 3];
    expect(moveItem(list, 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem(list, 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem(list, 5, -1)).toEqual([1, 2, 3]);
    expect(moveItem(list, 1, -1)).not.toBe(list);
    expect(list).toEqual([1, 2, 3]);
  });
});

describe('addProducts', () => {
  const pick = (id: number) => ({ id, title: `新${id}`, image: 'x.png', price: 990 });
  it('appends new products on sale, skipping those on the shelf', () => {
    const result = addProducts([row(1), row(2)], [pick(2), pick(3), pick(3), pick(4)]);
    expect(ids(result.shelf)).toEqual([1, 2, 3, 4]);
    expect(result.added).toBe(2);
    expect(result.shelf[2]).toMatchObject({ status: 'onSale', pinned: false, price: 990 });
  });
  it('stops at the shelf limit and counts what it left out', () => {
    const result = addProducts([row(1)], [pick(2), pick(3), pick(4)], 2);
    expect(ids(result.shelf)).toEqual([1, 2]);
    expect(result).toMatchObject({ added: 1, skipped: 2 });
  });
});

describe('shelf edits', () => {
  it('sets a status, removes a row and marks one pinned', () => {
    const shelf = [row(1), row(2, { pinned: true })];
    expect(setStatus(shelf, 2, 'hidden')[1]?.status).toBe('hidden');
    expect(ids(removeItem(shelf, 1))).toEqual([2]);
    expect(markPinned(shelf, 1).map((r) => r.pinned)).toEqual([true, false]);
    expect(markPinned(shelf, null).some((r) => r.pinned)).toBe(false);
  });
  it('sends the whole shelf in order to upShop', () => {
    expect(toUpShopItems([row(3, { status: 'shown' }), row(1)])).toEqual([
      { productId: 3, status: 'shown' },
      { productId: 1, status: 'onSale' },
    ]);
  });
  it('knows when the draft differs from the saved shelf', () => {
    const saved = [row(1), row(2)];
    expect(shelfChanged(saved, [row(1), row(2)])).toBe(false);
    expect(shelfChanged(saved, [row(2), row(1)])).toBe(true);
    expect(shelfChanged(saved, [row(1)])).toBe(true);
    expect(shelfChanged(saved, [row(1), row(2, { status: 'hidden' })])).toBe(true);
    // Pinning is saved at once, not part of the draft.
    expect(shelfChanged(saved, markPinned(saved, 2))).toBe(false);
  });
});

describe('maskStreamKey', () => {
  it('hides the middle of the signature only', () => {
    expect(maskStreamKey('r12?exp=1735689600&sign=ab12cd34ef569f3e')).toBe(
      'r12?exp=1735689600&sign=ab12****9f3e',
    );
  });
  it('hides a short signature whole and leaves a key without one alone', () => {
    expect(maskStreamKey('r1?sign=abc')).toBe('r1?sign=***');
    expect(maskStreamKey('r1')).toBe('r1');
  });
});

describe('times', () => {
  it('formats a duration', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(125_000)).toBe('2分05秒');
    expect(formatDuration(3_723_000)).toBe('1小时02分');
  });
  it('says when a 预告 starts, relative to today', () => {
    // China wall-clock times: the texts are China time whatever the phone's zone.
    const now = new Date('2025-06-18T10:00:00+08:00');
    expect(noticeText('2025-06-18T20:00:00+08:00', now)).toBe('今天 20:00');
    expect(noticeText('2025-06-19T09:30:00+08:00', now)).toBe('明天 09:30');
    expect(noticeText('2025-06-25T08:05:00+08:00', now)).toBe('06-25 08:05');
    expect(noticeText(null, now)).toBe('');
  });
  it('bounds a 预告 between a few minutes ahead and 30 days', () => {
    const now = new Date(2025, 0, 1, 12, 0);
    const { min, max } = noticeBounds(now);
    expect(min.getTime() - now.getTime()).toBe(5 * 60_000);
    expect(max.getTime()).toBeLessThan(now.getTime() + 30 * 86_400_000);
  });
});
