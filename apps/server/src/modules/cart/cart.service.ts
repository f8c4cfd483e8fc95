import {
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  type CartAddData,
  type CartEditBody,
  type CartSelectBody,
  type CartView,
  type ErrorId,
  MAX_ID,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SkuInfo, SkuLookupService } from '../catalogue/index.ts';
import type { CartRepo } from './cart.repo.ts';
import type { CartDb } from './cart.tables.ts';
import { badgeCount, buildCartView, type CartLine, invalidReason } from './cart-view.ts';

export interface AddItemsResult {
  /** SKUs now in the cart (merged into a line or added). */
  added: number[];
  /** SKUs left out, with the reason (unknown, off shelf, sold out, cart full). */
  skipped: { skuId: number; error: ErrorId }[];
}

/** The catalogue error for a SKU that cannot be added, or undefined when it can. */
function unavailable(sku: SkuInfo | undefined): ErrorId | undefined {
  switch (invalidReason(sku)) {
    case 'gone':
      return 'SKU_NOT_FOUND';
    case 'offShelf':
      return 'PRODUCT_OFF_SHELF';
    case 'soldOut':
      return 'SKU_SOLD_OUT';
    default:
      return undefined;
  }
}

/** Distinct line ids from `1,2,3` or an array; anything else is a bad request. */
export function parseLineIds(raw: string | readonly number[]): number[] {
  const parts = typeof raw === 'string' ? raw.split(',').map((s) => Number(s.trim())) : raw;
  const ids = [...new Set(parts)];
  if (ids.length === 0 || ids.length > CART_LINES_MAX) throw new AppError('IDS_INVALID');
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new AppError('IDS_INVALID');
  }
  return ids;
}

/** The shopping cart: lines of SKUs, merged per SKU, priced live from the catalogue. */
export class CartService {
  constructor(
    private readonly repo: CartRepo,
    private readonly skus: SkuLookupService,
    /** Counts a SKU put in a cart (the dashboard's funnel; in memory, never a query). */
    private readonly added: (skuId: number, userId: number) => void = () => {},
  ) {}

  private async linesWithSkus(userId: number) {
    const lines: CartLine[] = await this.repo.lines(userId);
    const skus = await this.skus.byIds(lines.map((l) => l.sku_id));
    return { lines, skus };
  }

  async view(userId: number): Promise<CartView> {
    const { lines, skus } = await this.linesWithSkus(userId);
    return buildCartView(lines, skus);
  }

  /** Total quantity of valid lines, for the tab badge. */
  async count(userId: number): Promise<number> {
    const { lines, skus } = await this.linesWithSkus(userId);
    return badgeCount(lines, skus);
  }

  /**
   * Adds `quantity` of a SKU, merging with its line. The line's total must stay within stock and
   * 999, and a new line within the 120-line limit; otherwise nothing changes.
   */
  async add(userId: number, skuId: number, quantity: number): Promise<CartAddData> {
    const sku = await this.skus.get(skuId);
    const error = unavailable(sku);
    if (error || !sku) throw new AppError(error ?? 'SKU_NOT_FOUND');
    const line = await this.repo.withUserLock(userId, async (trx) => {
      const lines = await this.repo.lines(userId, trx);
      const existing = lines.find((l) => l.sku_id === skuId);
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > CART_QUANTITY_MAX) throw new AppError('QUANTITY_INVALID');
      if (total > sku.stock) throw new AppError('STOCK_NOT_ENOUGH');
      return this.upsert(trx, userId, sku, existing, total, lines.length);
    });
    this.added(skuId, userId);
    return { ...line, count: await this.count(userId) };
  }

  private async upsert(
    trx: CartDb,
    userId: number,
    sku: SkuInfo,
    existing: CartLine | undefined,
    quantity: number,
    lineCount: number,
  ) {
    const shown = { title: sku.title, image: sku.image, sku_name: sku.skuName };
    if (existing) {
      const updated = await this.repo.update(trx, userId, existing.id, {
        ...shown,
        quantity,
        selected: true,
      });
      if (updated) return updated;
    }
    if (lineCount >= CART_LINES_MAX) throw new AppError('CART_FULL');
    return this.repo.insert(trx, { ...shown, user_id: userId, sku_id: sku.skuId, quantity });
  }

  /**
   * "Buy again": adds what can be added, each line capped at stock and 999, in one transaction;
   * unknown, off-shelf and sold-out SKUs, and new lines past the limit, are skipped.
   */
  async addItems(
    userId: number,
    items: readonly { skuId: number; quantity: number }[],
  ): Promise<AddItemsResult> {
    const wanted = new Map<number, number>();
    for (const { skuId, quantity } of items) {
      if (Number.isInteger(quantity) && quantity > 0) {
        wanted.set(skuId, (wanted.get(skuId) ?? 0) + quantity);
      }
    }
    const skus = await this.skus.byIds([...wanted.keys()]);
    const result: AddItemsResult = { added: [], skipped: [] };
    await this.repo.withUserLock(userId, async (trx) => {
      const lines = await this.repo.lines(userId, trx);
      let lineCount = lines.length;
      for (const [skuId, quantity] of wanted) {
        const sku = skus.get(skuId);
        const error = unavailable(sku);
        if (error || !sku) {
          result.skipped.push({ skuId, error: error ?? 'SKU_NOT_FOUND' });
          continue;
        }
        const existing = lines.find((l) => l.sku_id === skuId);
        if (!existing && lineCount >= CART_LINES_MAX) {
          result.skipped.push({ skuId, error: 'CART_FULL' });
          continue;
        }
        const cap = Math.min(sku.stock, CART_QUANTITY_MAX);
        const total = Math.min((existing?.quantity ?? 0) + quantity, cap);
        await this.upsert(trx, userId, sku, existing, total, lineCount);
        if (!existing) lineCount++;
        result.added.push(skuId);
      }
    });
    return result;
  }

  async edit(userId: number, body: CartEditBody): Promise<CartView> {
    if (body.quantity === undefined && body.selected === undefined) {
      throw new AppError('INVALID_PARAM');
    }
    const line = await this.repo.line(userId, body.id);
    if (!line) throw new AppError('CART_ITEM_NOT_FOUND');
    if (body.quantity !== undefined) {
      const sku = await this.skus.get(line.sku_id);
      const error = unavailable(sku);
      if (error || !sku) throw new AppError(error ?? 'SKU_NOT_FOUND');
      if (body.quantity > sku.stock) throw new AppError('STOCK_NOT_ENOUGH');
    }
    const updated = await this.repo.update(this.repo.db, userId, body.id, {
      ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
      ...(body.selected !== undefined ? { selected: body.selected } : {}),
    });
    if (!updated) throw new AppError('CART_ITEM_NOT_FOUND');
    return this.view(userId);
  }

  /** Selects or unselects some lines (ids), one store's valid lines, or every line. */
  async select(userId: number, body: CartSelectBody): Promise<CartView> {
    const targets = [body.ids !== undefined, body.storeId !== undefined, body.all === true];
    if (targets.filter(Boolean).length !== 1) throw new AppError('INVALID_PARAM');
    if (body.all) {
      await this.repo.setSelected(this.repo.db, userId, 'all', body.selected);
      return this.view(userId);
    }
    let ids: number[];
    if (body.ids !== undefined) {
      ids = parseLineIds(body.ids);
    } else {
      const { lines, skus } = await this.linesWithSkus(userId);
      ids = lines
        .filter((l) => {
          const sku = skus.get(l.sku_id);
          return sku && !invalidReason(sku) && sku.storeId === body.storeId;
        })
        .map((l) => l.id);
      if (ids.length === 0) throw new AppError('CART_ITEM_NOT_FOUND');
    }
    await this.repo.transaction(async (trx) => {
      const changed = await this.repo.setSelected(trx, userId, ids, body.selected);
      if (changed.length !== ids.length) throw new AppError('CART_ITEM_NOT_FOUND');
    });
    return this.view(userId);
  }

  /** Deletes the user's lines; when any id is not one of theirs, nothing is deleted. */
  async deleteBatch(userId: number, raw: string | readonly number[]): Promise<CartView> {
    const ids = parseLineIds(raw);
    await this.repo.transaction(async (trx) => {
      const deleted = await this.repo.deleteLines(trx, userId, ids);
      if (deleted.length !== ids.length) throw new AppError('CART_ITEM_NOT_FOUND');
    });
    return this.view(userId);
  }

  /** Removes the lines of these SKUs inside the caller's transaction (an order was placed). */
  async removeLines(trx: Db, userId: number, skuIds: number[]): Promise<void> {
    await this.repo.deleteBySkus(narrowDb(trx), userId, skuIds);
  }
}
