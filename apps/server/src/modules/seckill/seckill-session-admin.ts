import {
  SECKILL_PER_USER_LIMIT,
  SECKILL_SESSION_MAX_HOURS,
  type SeckillSessionBody,
  type SeckillSessionCreated,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StockService } from '../catalogue/index.ts';
import type { SeckillRepo } from './seckill.repo.ts';

const HOUR = 3_600_000;

/** What the operator's session creation needs. */
export interface SessionAdminDeps {
  db: Db;
  repo: SeckillRepo;
  stock: StockService;
  /** The default minutes a flash order waits for payment. */
  payMinutes: number;
}

/**
 * admin/seckill/session: a session and its items in one transaction, the flash stock reserved
 * from the SKUs (locked first, so an overlapping session on the same SKU waits and is refused).
 */
export async function createSession(
  { db, repo, stock, payMinutes }: SessionAdminDeps,
  body: SeckillSessionBody,
): Promise<SeckillSessionCreated> {
  const start = new Date(body.startAt);
  const end = new Date(body.endAt);
  if (
    Number.isNaN(start.getTime()) ||
    Number.isNaN(end.getTime()) ||
    end <= start ||
    end.getTime() - start.getTime() > SECKILL_SESSION_MAX_HOURS * HOUR ||
    end.getTime() <= Date.now()
  ) {
    throw new AppError('SECKILL_TIME_INVALID');
  }
  const skuIds = body.items.map((i) => i.skuId);
  if (new Set(skuIds).size !== skuIds.length) throw new AppError('SECKILL_ITEMS_INVALID');
  const skus = await stock.skus(skuIds);
  for (const i of body.items) {
    const sku = skus.get(i.skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    if (i.flashPrice >= sku.price) throw new AppError('SECKILL_PRICE_INVALID');
  }
  const { id, itemIds, products } = await db.transaction().execute(async (trx) => {
    let products: number[];
    try {
      // The flash stock leaves the SKU now: the sale sells only what it set aside.
      products = await stock.reserve(
        trx,
        body.items.map((i) => ({ skuId: i.skuId, quantity: i.flashStock })),
      );
    } catch (err) {
      if (err instanceof AppError && err.id === 'STOCK_NOT_ENOUGH') {
        throw new AppError('SECKILL_STOCK_INVALID');
      }
      throw err;
    }
    // After the SKU rows are locked: a concurrent session on the same SKU waits for this
    // one to commit, then sees its items here.
    if (await repo.skuOverlaps(narrowDb(trx), skuIds, start, end)) {
      throw new AppError('SECKILL_SESSION_OVERLAP');
    }
    const productOf = await repo.productsOf(narrowDb(trx), skuIds);
    const id = await repo.insertSession(narrowDb(trx), {
      title: body.title.trim() || '限时秒杀',
      start_at: start,
      end_at: end,
      pay_minutes: body.payMinutes ?? payMinutes,
    });
    const itemIds = await repo.insertItems(
      narrowDb(trx),
      body.items.map((i, n) => ({
        session_id: id,
        sku_id: i.skuId,
        product_id: productOf.get(i.skuId) ?? 0,
        flash_price: i.flashPrice,
        flash_stock: i.flashStock,
        per_user_limit: i.perUserLimit ?? SECKILL_PER_USER_LIMIT,
        sort: n,
      })),
    );
    return { id, itemIds, products };
  });
  await stock.changed(products);
  return { id, itemIds };
}
