import {
  type ErrorId,
  type NewOrderData,
  normalizeRedeemCode,
  type PageOf,
  type RedeemBatch,
  type RedeemBatchBody,
  type RedeemBody,
  type RedeemData,
  type RedeemExportData,
  type RedeemHistoryQuery,
  type RedeemPreview,
  type RedeemProduct,
  type Redemption,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { StockService } from '../catalogue/index.ts';
import { type DealPort, orderLink, REWARD_LINKS, type RewardsService } from '../rewards/index.ts';
import type { RedeemRepo } from './redeem.repo.ts';
import type { RedeemBatchTable } from './redeem.tables.ts';
import { type CodeKeys, groupCode, newCode } from './redeem-codes.ts';
import { productCodeError, rewardOf, titleOf, toBatch } from './redeem-rules.ts';

/** The name the redeem module's deal port is registered under with the order placer. */
export const REDEEM_DEAL_PORT = 'redeem';

type Kind = RedeemBatchTable['kind'];

export interface RedeemOptions {
  batchMax: number;
  userFails: number;
  ipFails: number;
  warnFails: number;
  failWindowSeconds: number;
}

/**
 * Redeem codes. A code is looked up by its keyed hash and redeemed by a conditional UPDATE in the
 * transaction that gives its reward. Wrong codes count per user and per IP address; past the
 * configured number the user (or the address) waits out the window before any further attempt,
 * so guessing 80-bit codes gets nowhere.
 */
export class RedeemService {
  constructor(
    private readonly db: Db,
    private readonly repo: RedeemRepo,
    private readonly keys: CodeKeys,
    private readonly rewards: RewardsService,
    private readonly limits: RateLimitStore,
    private readonly stock: StockService,
    private readonly opts: RedeemOptions,
  ) {}

  // --- operator -------------------------------------------------------------------------------

  async createBatch(b: RedeemBatchBody): Promise<RedeemBatch> {
    if (b.count > this.opts.batchMax) {
      throw new AppError('REDEEM_COUNT_INVALID', { max: this.opts.batchMax });
    }
    const expiresAt = new Date(b.expiresAt);
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) {
      throw new AppError('REDEEM_BATCH_INVALID');
    }
    // Exactly the field of its kind: a coupon's template, a product's SKU, else an amount.
    const isCoupon = b.kind === 'coupon';
    const isProduct = b.kind === 'product';
    if (
      isCoupon !== (b.couponTemplateId !== undefined) ||
      isProduct !== (b.skuId !== undefined) ||
      (isCoupon || isProduct) === (b.amount !== undefined)
    ) {
      throw new AppError('REDEEM_BATCH_INVALID');
    }
    if (b.couponTemplateId !== undefined) await this.rewards.couponName(b.couponTemplateId);
    if (b.skuId !== undefined && !(await this.stock.skus([b.skuId])).has(b.skuId)) {
      throw new AppError('SKU_NOT_FOUND');
    }
    const codes = new Set<string>();
    while (codes.size < b.count) codes.add(newCode());
    const list = [...codes];
    const id = await this.db.transaction().execute((trx) =>
      this.repo.insertBatch(
        narrowDb(trx),
        {
          name: b.name.trim() || '兑换码',
          kind: b.kind,
          coupon_template_id: b.couponTemplateId ?? null,
          amount: b.amount ?? null,
          sku_id: b.skuId ?? null,
          count: list.length,
          expires_at: expiresAt,
          sealed_codes: this.keys.seal(list),
          exported_at: null,
        },
        list.map((c) => ({ hash: this.keys.hash(c), tail: c.slice(-4) })),
      ),
    );
    const row = await this.repo.batch(id);
    if (!row) throw new AppError('REDEEM_BATCH_NOT_FOUND');
    return toBatch(row);
  }

  async batches(q: RedeemHistoryQuery): Promise<PageOf<RedeemBatch>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.batches(pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toBatch), total: Number(total.n), pageNum, pageSize };
  }

  /** The batch's plaintext codes, once: the sealed copy is cleared as it is read. */
  async exportBatch(batchId: number): Promise<RedeemExportData> {
    if (!(await this.repo.batch(batchId))) throw new AppError('REDEEM_BATCH_NOT_FOUND');
    const sealed = await this.repo.takeSealed(batchId);
    if (!sealed) throw new AppError('REDEEM_EXPORTED');
    return { batchId, codes: this.keys.unseal(sealed).map(groupCode) };
  }

  // --- user -----------------------------------------------------------------------------------

  private blockKeys(userId: number, ip: string) {
    return [`rd:blk:u:${userId}`, `rd:blk:ip:${ip}`];
  }

  /** Refuses while the user or the address waits out a block. */
  private async checkBlocked(userId: number, ip: string): Promise<void> {
    for (const key of this.blockKeys(userId, ip)) {
      // No read-only probe in the store: a 1 ms hold answers "held?" and is gone at once.
      const r = await this.limits.acquire(key, 1);
      if (!r.ok && r.retryMs > 1) {
        throw new AppError('REDEEM_TOO_MANY', {
          minutes: Math.max(1, Math.ceil(r.retryMs / 60_000)),
        });
      }
    }
  }

  /** Counts a wrong code; past the limit the user (or the address) is blocked for the window. */
  private async wrong(userId: number, ip: string): Promise<never> {
    const windowMs = this.opts.failWindowSeconds * 1000;
    const [user = 0, net = 0] = await this.limits.hitAll(
      [`rd:f:u:${userId}`, `rd:f:ip:${ip}`],
      windowMs,
    );
    const [userBlock, ipBlock] = this.blockKeys(userId, ip) as [string, string];
    let blocked = false;
    for (const [over, key] of [
      [user >= this.opts.userFails, userBlock],
      [net >= this.opts.ipFails, ipBlock],
    ] as const) {
      if (!over) continue;
      blocked = true;
      for (let i = 0; i < 3; i++) {
        const r = await this.limits.acquire(key, windowMs);
        if (r.ok || r.retryMs > 1) break;
        // A probe's 1 ms hold is in the way: it is gone in a moment.
        await new Promise((res) => setTimeout(res, 2));
      }
    }
    if (blocked) {
      throw new AppError('REDEEM_TOO_MANY', { minutes: Math.ceil(windowMs / 60_000) });
    }
    // Near the limit the user is told, so the next refusal does not come without warning.
    if (user >= this.opts.warnFails) {
      throw new AppError('REDEEM_CODE_INVALID_LEFT', { left: this.opts.userFails - user });
    }
    throw new AppError('REDEEM_CODE_INVALID');
  }

  /** The code's row, after the block check; a wrong code counts toward the block. */
  private async find(userId: number, ip: string, input: string) {
    await this.checkBlocked(userId, ip);
    const code = normalizeRedeemCode(input);
    if (!code) return this.wrong(userId, ip);
    const hash = this.keys.hash(code);
    const row = await this.repo.lookup(hash);
    if (!row) return this.wrong(userId, ip);
    return { hash, row };
  }

  /** What a code would give (a product code then asks for the address); a wrong code counts. */
  async preview(userId: number, ip: string, input: string): Promise<RedeemPreview> {
    const { row } = await this.find(userId, ip, input);
    const now = new Date();
    let product: RedeemProduct | null = null;
    let title: string;
    if (row.kind === 'product') {
      const error = productCodeError(row, userId, now);
      if (error) throw new AppError(error);
      product = await this.productOf(row.sku_id ?? 0);
      title = product.title;
    } else {
      if (row.redeemed_by !== null) throw new AppError('REDEEM_CODE_USED');
      if (row.expires_at.getTime() <= now.getTime()) throw new AppError('REDEEM_CODE_EXPIRED');
      const couponName =
        row.coupon_template_id !== null
          ? await this.rewards.couponName(row.coupon_template_id)
          : null;
      title = titleOf(row.kind, row.amount, couponName, null);
    }
    return {
      kind: row.kind,
      title,
      batchName: row.name,
      expiresAt: row.expires_at.toISOString(),
      product,
      again: row.kind === 'product' && row.redeemed_by === userId,
    };
  }

  /** A product code's goods and what its ¥0 order will cost (shipping, as placement charges). */
  private async productOf(skuId: number): Promise<RedeemProduct> {
    const sku = (await this.stock.skus([skuId])).get(skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    const shippingFee = this.rewards.prizeShipping(0, sku.freeShipping);
    return {
      skuId: sku.skuId,
      productId: sku.productId,
      title: sku.title,
      skuName: sku.skuName,
      image: sku.image,
      originalPrice: sku.price,
      price: 0,
      shippingFee,
      payAmount: shippingFee,
      inStock: sku.onShelf && sku.stock > 0,
    };
  }

  async redeem(userId: number, ip: string, body: RedeemBody): Promise<RedeemData> {
    const { hash, row: found } = await this.find(userId, ip, body.code);
    if (found.kind === 'product') return this.redeemProduct(userId, found, body);
    const now = new Date();
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await this.repo.claim(narrowDb(trx), hash, userId, now);
      if (!row) return null;
      await this.repo.countRedeemed(narrowDb(trx), row.batch_id);
      await this.rewards.grant(trx, userId, rewardOf(row), {
        source: 'redeem',
        ref: String(row.id),
        title: `兑换码：${row.name}`,
      });
      return row.id;
    });
    if (id === null) {
      const state = await this.repo.state(hash);
      if (!state) return this.wrong(userId, ip);
      if (state.redeemed_by !== null) throw new AppError('REDEEM_CODE_USED');
      throw new AppError('REDEEM_CODE_EXPIRED');
    }
    return { ...(await this.redemption(userId, id)), order: null, fresh: true };
  }

  private async redemption(userId: number, id: number): Promise<Redemption> {
    const row = await this.repo.one(userId, id);
    if (!row) throw new AppError('REDEEM_CODE_INVALID');
    return this.toRedemption(row);
  }

  /**
   * A product code places one unit of its SKU at ¥0 as a prize order (the order module's batch):
   * the deal port locks and checks the code there and binds it to the order in the same
   * transaction, so the code and the order commit together; the unit comes from the SKU's stock
   * and the store's shipping is paid at the cashier. The same client key answers the same order.
   */
  private async redeemProduct(
    userId: number,
    code: NonNullable<Awaited<ReturnType<RedeemRepo['lookup']>>>,
    body: RedeemBody,
  ): Promise<RedeemData> {
    if (!body.clientKey) throw new AppError('CLIENT_KEY_INVALID');
    const answer = async (order: NewOrderData, fresh: boolean): Promise<RedeemData> => ({
      ...(await this.redemption(userId, code.id)),
      order,
      fresh,
    });
    const earlier = await this.rewards.earlierOrder(userId, body.clientKey);
    if (earlier) {
      if (
        code.redeemed_by === userId &&
        code.order_no &&
        earlier.orderNos.includes(code.order_no)
      ) {
        return answer(earlier, false);
      }
      throw new AppError('CLIENT_KEY_INVALID');
    }
    const error = productCodeError(code, userId, new Date());
    if (error) throw new AppError(error);
    const placed = await this.rewards.prizeOrder(userId, {
      port: REDEEM_DEAL_PORT,
      ref: code.id,
      skuId: code.sku_id ?? 0,
      clientKey: body.clientKey,
      addressId: body.addressId,
      note: body.note,
    });
    return answer(placed.data, placed.fresh);
  }

  /** The placement batch's side of product codes: each code locked, checked, nothing written. */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const codes = new Map(
      (await this.repo.lockCodes(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map((c) => [
        c.id,
        c,
      ]),
    );
    const now = new Date();
    const taken = new Set<number>();
    return deals.map((d) => {
      const c = codes.get(d.ref);
      if (!c) return 'REDEEM_CODE_INVALID';
      // Two submits of one code in one batch: the first takes it.
      if (taken.has(c.id))
        return c.redeemed_by === d.userId ? 'REDEEM_CODE_ORDERED' : 'REDEEM_CODE_USED';
      const error = productCodeError(c, d.userId, now);
      if (!error) taken.add(c.id);
      return error;
    });
  }

  /** The placed product codes are bound to their orders (and counted once per code). */
  private async recordDeals(
    trx: Db,
    rows: readonly { ref: number; userId: number; orderId: number; orderNo: string }[],
  ): Promise<void> {
    const now = new Date();
    for (const r of rows) {
      const { batchId, first } = await this.repo.recordOrder(narrowDb(trx), {
        id: r.ref,
        userId: r.userId,
        orderId: r.orderId,
        orderNo: r.orderNo,
        now,
      });
      if (first) await this.repo.countRedeemed(narrowDb(trx), batchId);
    }
  }

  /** The port the order placer calls for product codes (registered under REDEEM_DEAL_PORT). */
  dealPort(): DealPort {
    return {
      check: (trx, deals) => this.checkDeals(trx, deals),
      record: (trx, rows) => this.recordDeals(trx, rows),
    };
  }

  private toRedemption(r: {
    id: number;
    code_tail: string;
    redeemed_at: Date | null;
    order_no: string | null;
    name: string;
    kind: Kind;
    coupon_template_id: number | null;
    amount: number | null;
    coupon_name: string | null;
    product_title: string | null;
  }): Redemption {
    return {
      id: r.id,
      kind: r.kind,
      title: titleOf(r.kind, r.amount, r.coupon_name, r.product_title),
      batchName: r.name,
      codeTail: r.code_tail,
      amount: r.amount,
      couponTemplateId: r.coupon_template_id,
      orderNo: r.order_no,
      link: r.order_no ? orderLink(r.order_no) : REWARD_LINKS[r.kind],
      redeemedAt: (r.redeemed_at ?? new Date()).toISOString(),
    };
  }

  async history(userId: number, q: RedeemHistoryQuery): Promise<PageOf<Redemption>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.history(userId, pageSize, (pageNum - 1) * pageSize);
    return {
      list: rows.map((r) => this.toRedemption(r)),
      total: Number(total.n),
      pageNum,
      pageSize,
    };
  }
}
