import type {
  ErrorId,
  MySubscribeQuery,
  MySubscription,
  NewOrderData,
  PageOf,
  SeckillBannerData,
  SeckillItemData,
  SeckillItemsData,
  SeckillRushBody,
  SeckillSessionBody,
  SeckillSessionCreated,
  SeckillSessionsData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { CaptchaService } from '../captcha/index.ts';
import type { StockService } from '../catalogue/index.ts';
import type { OrderService } from '../order/index.ts';
import type { FlashCounter } from './flash-counter.ts';
import type { ItemRow, SeckillRepo } from './seckill.repo.ts';
import { createSession } from './seckill-session-admin.ts';
import { latestOpenStart, sessionState, toItem, toSession } from './seckill-view.ts';

export interface SeckillOptions {
  payMinutes: number;
  remindMinutes: number;
  /** Attempts a user may make per second, and all users behind one IP address. */
  userRate: number;
  ipRate: number;
}

const HOUR = 3_600_000;
/** Items change only in `sold`; their sale facts are cached per node this long. */
const ITEM_CACHE_MS = 2_000;
/**
 * After the counter (or the database) answered "sold out", this node answers so at once for
 * this long, before the captcha and the counter: of 20,000 attempts on 1,000 units, 19,000 come
 * after the last unit went, and a unit given back (a cancel) is on sale again within this time.
 */
const SOLD_OUT_MEMO_MS = 200;

/**
 * The flash sale. An attempt passes, in order: the per-user and per-IP rate limits; the captcha
 * ticket (verified, spent once, bound to the user and the item); the sale window; the atomic
 * counter of units and of the user's units (FlashCounter); then the order is placed through the
 * placement batch at the flash price, where the database takes the unit for good under the
 * item's row lock. Whatever fails after the counter gives its unit back (compensation).
 */
export class SeckillService {
  private readonly itemCache = new Map<number, { row: ItemRow; at: number }>();
  private readonly soldOutUntil = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly repo: SeckillRepo,
    private readonly counter: FlashCounter,
    private readonly captcha: CaptchaService,
    private readonly orders: OrderService,
    private readonly stock: StockService,
    private readonly limits: RateLimitStore,
    private readonly opts: SeckillOptions,
  ) {}

  // --- reading --------------------------------------------------------------------------------

  private async around(now: Date) {
    return this.repo.sessionsBetween(
      new Date(now.getTime() - 12 * HOUR),
      new Date(now.getTime() + 36 * HOUR),
    );
  }

  async sessions(now = new Date()): Promise<SeckillSessionsData> {
    const rows = await this.around(now);
    const latest = latestOpenStart(rows, now);
    return {
      now: now.toISOString(),
      list: rows
        .map((s) => toSession(s, sessionState(s, now, latest)))
        .filter((s) => s.state !== 'ended'),
    };
  }

  private async sessionOf(sessionId: number, now: Date) {
    const s = await this.repo.session(sessionId);
    if (!s) throw new AppError('SECKILL_SESSION_NOT_FOUND');
    const latest = latestOpenStart(await this.around(now), now);
    return toSession(s, sessionState(s, now, latest));
  }

  async items(userId: number | null, sessionId: number): Promise<SeckillItemsData> {
    const now = new Date();
    const session = await this.sessionOf(sessionId, now);
    const rows = await this.repo.itemsOfSession(sessionId);
    const mine = userId
      ? await this.repo.subscribedOf(
          userId,
          rows.map((r) => r.id),
        )
      : new Set<number>();
    return {
      now: now.toISOString(),
      session,
      list: rows.map((r) => toItem(r, now, mine.has(r.id))),
    };
  }

  async item(userId: number | null, id: number): Promise<SeckillItemData> {
    const now = new Date();
    const row = await this.repo.item(id);
    if (!row) throw new AppError('SECKILL_NOT_FOUND');
    const [session, subscribed, mine] = await Promise.all([
      this.sessionOf(row.session_id, now),
      userId ? this.repo.subscribedOf(userId, [id]) : Promise.resolve(new Set<number>()),
      userId ? this.repo.held(id, userId) : Promise.resolve(0),
    ]);
    return { now: now.toISOString(), session, item: toItem(row, now, subscribed.has(id)), mine };
  }

  /** The product detail's strip: the product's open (else next, within a day) sale, or null. */
  async ofProduct(userId: number | null, productId: number): Promise<SeckillItemData | null> {
    const row = await this.repo.itemOfProduct(productId, new Date(Date.now() + 24 * HOUR));
    return row ? this.item(userId, row.id) : null;
  }

  /** The home banner: the running session (else the next), its first four items. */
  async banner(): Promise<SeckillBannerData> {
    const now = new Date();
    const { list } = await this.sessions(now);
    const pick =
      list.find((s) => s.state === 'running') ?? list.find((s) => s.state === 'upcoming');
    if (!pick) return { now: now.toISOString(), session: null, list: [] };
    const rows = await this.repo.itemsOfSession(pick.id, 4);
    return {
      now: now.toISOString(),
      session: pick,
      list: rows.map((r) => toItem(r, now, false)),
    };
  }

  // --- reminders ------------------------------------------------------------------------------

  async subscribe(userId: number, itemId: number, sms: boolean): Promise<void> {
    const row = await this.repo.item(itemId);
    if (!row) throw new AppError('SECKILL_NOT_FOUND');
    if (Date.now() >= row.start_at.getTime()) throw new AppError('SECKILL_SUBSCRIBE_CLOSED');
    const remindAt = new Date(row.start_at.getTime() - this.opts.remindMinutes * 60_000);
    await this.repo.subscribe(userId, itemId, sms, remindAt);
  }

  async unsubscribe(userId: number, itemId: number): Promise<void> {
    await this.repo.unsubscribe(userId, itemId);
  }

  async mySubscriptions(userId: number, q: MySubscribeQuery): Promise<PageOf<MySubscription>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const { rows, total } = await this.repo.subscriptions(
      userId,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    const items = new Map(
      (await this.repo.itemsById(rows.map((r) => r.item_id))).map((i) => [i.id, i]),
    );
    const now = new Date();
    const list = rows.flatMap((r) => {
      const item = items.get(r.item_id);
      if (!item) return [];
      return [
        {
          item: toItem(item, now, true),
          sms: r.sms,
          remindedAt: r.reminded_at?.toISOString() ?? null,
          createdAt: r.created_at.toISOString(),
        },
      ];
    });
    return { list, total, pageNum, pageSize };
  }

  // --- buying ---------------------------------------------------------------------------------

  private async cachedItem(id: number): Promise<ItemRow> {
    const hit = this.itemCache.get(id);
    if (hit && Date.now() - hit.at < ITEM_CACHE_MS) return hit.row;
    const row = await this.repo.item(id);
    if (!row) throw new AppError('SECKILL_NOT_FOUND');
    if (this.itemCache.size > 10_000) this.itemCache.clear();
    this.itemCache.set(id, { row, at: Date.now() });
    return row;
  }

  private async rateLimit(userId: number, ip: string): Promise<void> {
    const [user = 0, net = 0] = await this.limits.hitAll([`sk:u:${userId}`, `sk:ip:${ip}`], 1000);
    if (user > this.opts.userRate || net > this.opts.ipRate) {
      throw new AppError('SECKILL_BUSY');
    }
  }

  private async take(item: ItemRow, userId: number): Promise<void> {
    let r = await this.counter.take(item.id, userId, item.per_user_limit);
    if (r === 'missing') {
      const seed = await this.repo.seedOf(item.id);
      if (!seed) throw new AppError('SECKILL_NOT_FOUND');
      await this.counter.seed(item.id, seed);
      r = await this.counter.take(item.id, userId, item.per_user_limit);
    }
    if (r === 'soldOut') this.soldOut(item.id);
    if (r === 'limit') throw new AppError('SECKILL_LIMIT', { limit: item.per_user_limit });
    if (r !== 'ok') throw new AppError('SECKILL_BUSY');
  }

  private soldOut(itemId: number): never {
    this.soldOutUntil.set(itemId, Date.now() + SOLD_OUT_MEMO_MS);
    throw new AppError('SECKILL_SOLD_OUT');
  }

  async rush(
    userId: number,
    ip: string,
    ticket: string | undefined,
    body: SeckillRushBody,
  ): Promise<NewOrderData> {
    // Before the rate limits: 已抢光 costs nothing to answer, and needs no round trip to Redis.
    if ((this.soldOutUntil.get(body.itemId) ?? 0) > Date.now()) {
      throw new AppError('SECKILL_SOLD_OUT');
    }
    await this.rateLimit(userId, ip);
    try {
      await this.captcha.spend(ticket, userId, `seckill:${body.itemId}`);
    } catch (err) {
      // A retried request (its ticket already spent) answers the orders its first try placed.
      if (err instanceof AppError && err.id === 'CAPTCHA_USED') {
        const earlier = await this.orders.bySubmitKey(userId, body.clientKey);
        if (earlier) return earlier;
      }
      throw err;
    }
    const item = await this.cachedItem(body.itemId);
    const now = Date.now();
    if (now < item.start_at.getTime()) throw new AppError('SECKILL_NOT_STARTED');
    if (now >= item.end_at.getTime()) throw new AppError('SECKILL_ENDED');
    await this.take(item, userId);
    let keep = false;
    try {
      const placed = await this.orders.placeFlash(userId, {
        clientKey: body.clientKey,
        addressId: body.addressId,
        note: body.note?.trim() ?? '',
        skuId: item.sku_id,
        flash: { itemId: item.id, price: item.flash_price, payMinutes: item.pay_minutes },
      });
      keep = placed.fresh;
      return placed.data;
    } catch (err) {
      // The database found it sold out: the counter was high, so the unit is not given back.
      if (err instanceof AppError && err.id === 'SECKILL_SOLD_OUT') {
        keep = true;
        this.soldOutUntil.set(item.id, Date.now() + SOLD_OUT_MEMO_MS);
      }
      if (err instanceof AppError && err.id === 'SECKILL_LIMIT' && !err.params) {
        throw new AppError('SECKILL_LIMIT', { limit: item.per_user_limit });
      }
      throw err;
    } finally {
      if (!keep) await this.counter.give(item.id, userId);
    }
  }

  /**
   * The placement batch's side of flash purchases (FlashPort.claim): with the items locked,
   * gives each claim its units in arrival order or its error, and adds the units to `sold`.
   */
  async claim(
    trx: Db,
    claims: readonly { itemId: number; userId: number; quantity: number }[],
  ): Promise<(ErrorId | null)[]> {
    if (!claims.length) return [];
    const items = new Map(
      (await this.repo.lockItems(narrowDb(trx), [...new Set(claims.map((c) => c.itemId))])).map(
        (i) => [i.id, i],
      ),
    );
    const held = await this.repo.heldBy(narrowDb(trx), claims);
    const taken = new Map<number, number>();
    const now = Date.now();
    const answers = claims.map((c): ErrorId | null => {
      const item = items.get(c.itemId);
      if (!item) return 'SECKILL_NOT_FOUND';
      if (now < item.start_at.getTime()) return 'SECKILL_NOT_STARTED';
      if (now >= item.end_at.getTime() || item.settled) return 'SECKILL_ENDED';
      const sold = item.sold + (taken.get(c.itemId) ?? 0);
      if (sold + c.quantity > item.flash_stock) return 'SECKILL_SOLD_OUT';
      const key = `${c.itemId}:${c.userId}`;
      const mine = held.get(key) ?? 0;
      if (mine + c.quantity > item.per_user_limit) return 'SECKILL_LIMIT';
      held.set(key, mine + c.quantity);
      taken.set(c.itemId, (taken.get(c.itemId) ?? 0) + c.quantity);
      return null;
    });
    await this.repo.addSold(narrowDb(trx), taken);
    return answers;
  }

  record(
    trx: Db,
    rows: readonly { itemId: number; userId: number; orderId: number; quantity: number }[],
  ): Promise<void> {
    return this.repo.insertPurchases(
      narrowDb(trx),
      rows.map((r) => ({
        item_id: r.itemId,
        user_id: r.userId,
        order_id: r.orderId,
        quantity: r.quantity,
      })),
    );
  }

  /**
   * An unpaid flash order was cancelled (in its transaction): its purchases are released once;
   * the unit goes back to the sale, or to the SKU when the sale has been settled.
   */
  async released(trx: Db, orderId: number): Promise<void> {
    const moved = await this.repo.release(narrowDb(trx), orderId);
    const toSku = moved.filter((m) => m.settled);
    if (toSku.length) {
      await this.stock.release(
        trx,
        toSku.map((m) => ({ skuId: m.skuId, quantity: m.quantity })),
      );
    }
    // Raised before the commit: should the cancel roll back, the counter is one too high, and
    // the database refuses the one extra attempt it lets through (never an oversell).
    for (const m of moved) {
      if (m.settled) continue;
      await this.counter.release(m.itemId, m.userId, m.quantity);
      this.soldOutUntil.delete(m.itemId);
    }
  }

  // --- operator -------------------------------------------------------------------------------

  async createSession(body: SeckillSessionBody): Promise<SeckillSessionCreated> {
    const { db, repo, stock } = this;
    return createSession({ db, repo, stock, payMinutes: this.opts.payMinutes }, body);
  }
}
