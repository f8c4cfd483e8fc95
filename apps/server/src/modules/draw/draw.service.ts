import {
  DRAW_NOTHING_TITLE,
  type DrawAdminResultsPage,
  type DrawAdminResultsQuery,
  type DrawChancesBody,
  type DrawChancesData,
  type DrawClaimBody,
  type DrawCostKind,
  type DrawPrizeBody,
  type DrawResultsPage,
  type DrawResultsQuery,
  type DrawResultView,
  type DrawSpinBody,
  type DrawSpinData,
  type DrawWheelBody,
  type DrawWheelData,
  type DrawWheelUpdateBody,
  type ErrorId,
  type NewOrderData,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderService } from '../order/order.service.ts';
import type { DealPort } from '../order/placement/order-placer.ts';
import type { PointsService } from '../points/points.service.ts';
import { orderLink, REWARD_LINKS, type Rewards, yuan } from '../redeem/rewards.ts';
import type { DrawRepo } from './draw.repo.ts';
import type { DrawPrizeTable, DrawWheelTable } from './draw.tables.ts';
import { drawPrize } from './draw-pick.ts';

/** The name the draw's deal port is registered under with the order placer. */
export const DRAW_DEAL_PORT = 'draw';

export interface DrawOptions {
  /** Chances the first paid order of a China-time day earns (0: none). */
  orderChances: number;
  /** Defaults of a new wheel. */
  pointsCost: number;
  freePerDay: number;
}

type WheelRow = Selectable<DrawWheelTable>;
type PrizeRow = Awaited<ReturnType<DrawRepo['prizes']>>[number];
type ResultRow = NonNullable<Awaited<ReturnType<DrawRepo['result']>>>;
type PrizeInsert = Omit<DrawPrizeTable, 'id' | 'wheel_id' | 'enabled'>;

/** A coupon the user can no longer receive (their allowance, the template's total, its end). */
const COUPON_UNAVAILABLE = new Set<ErrorId>([
  'COUPON_LIMIT',
  'COUPON_SOLD_OUT',
  'COUPON_ENDED',
  'COUPON_NOT_FOUND',
]);

const isOpen = (w: WheelRow, now: Date) =>
  w.starts_at.getTime() <= now.getTime() && (w.ends_at === null || w.ends_at > now);

function toResult(r: ResultRow): DrawResultView {
  let link: string | null = null;
  if (r.kind === 'product') link = r.order_no ? orderLink(r.order_no) : null;
  else if (r.kind !== 'nothing') link = REWARD_LINKS[r.kind];
  return {
    id: r.id,
    wheelId: r.wheel_id,
    prizeId: r.prize_id,
    slot: r.slot,
    kind: r.kind,
    title: r.title,
    amount: r.amount,
    costKind: r.cost_kind,
    costPoints: r.cost_points,
    link,
    orderNo: r.order_no,
    createdAt: r.created_at.toISOString(),
  };
}

function parseTime(s: string | undefined | null, fallback: Date | null): Date | null {
  if (s === undefined || s === null) return fallback;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) throw new AppError('DRAW_INVALID');
  return d;
}

/**
 * The lucky draw. A spin is one transaction: its result row first (the client key's unique index
 * makes a retry answer the first spin), the payment (a free spin of the China-time day or an
 * earned chance, each a conditional UPDATE; else points, a ledger posting keyed by the spin), the
 * prize drawn by weight among those with stock left, its unit taken by a conditional UPDATE and
 * given in the same transaction. Exactness comes from the database, never from this process.
 */
export class DrawService {
  constructor(
    private readonly db: Db,
    private readonly repo: DrawRepo,
    private readonly points: PointsService,
    private readonly rewards: Rewards,
    private readonly orders: OrderService,
    readonly opts: DrawOptions,
  ) {}

  // --- operator -------------------------------------------------------------------------------

  /** A slot's row: exactly the field of its kind, a stock unless unlimited is allowed, a title. */
  private async prizeRow(p: DrawPrizeBody, slot: number): Promise<PrizeInsert> {
    const has = {
      coupon: p.couponTemplateId !== undefined,
      amount: p.amount !== undefined,
      sku: p.skuId !== undefined,
    };
    const kind = p.kind;
    if (
      has.coupon !== (kind === 'coupon') ||
      has.sku !== (kind === 'product') ||
      has.amount !== (kind === 'redpacket' || kind === 'points')
    ) {
      throw new AppError('DRAW_INVALID');
    }
    const stock = p.stock ?? null;
    if (stock === null && kind !== 'points' && kind !== 'nothing') {
      throw new AppError('DRAW_INVALID');
    }
    let title: string;
    if (kind === 'coupon') {
      const t = await this.repo.couponTemplate(p.couponTemplateId ?? 0);
      if (!t) throw new AppError('COUPON_NOT_FOUND');
      title = t.name;
    } else if (kind === 'product') {
      const s = await this.repo.sku(p.skuId ?? 0);
      if (!s) throw new AppError('SKU_NOT_FOUND');
      title = s.title;
    } else if (kind === 'redpacket') {
      title = `${yuan(p.amount ?? 0)}红包`;
    } else if (kind === 'points') {
      title = `${p.amount ?? 0}积分`;
    } else {
      title = DRAW_NOTHING_TITLE;
    }
    return {
      slot,
      kind,
      title: (p.title?.trim() || title).slice(0, 20),
      coupon_template_id: p.couponTemplateId ?? null,
      amount: p.amount ?? null,
      sku_id: p.skuId ?? null,
      weight: p.weight,
      stock,
    };
  }

  private async wheelRows(b: DrawWheelBody, now: Date, before?: WheelRow) {
    if (!b.prizes.some((p) => p.weight > 0)) throw new AppError('DRAW_INVALID');
    const prizes: PrizeInsert[] = [];
    for (const [slot, p] of b.prizes.entries()) prizes.push(await this.prizeRow(p, slot));
    const startsAt = parseTime(b.startsAt, before?.starts_at ?? now) ?? now;
    const endsAt = parseTime(b.endsAt, before?.ends_at ?? null);
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw new AppError('DRAW_INVALID');
    const wheel = {
      title: b.title.trim() || '幸运抽奖',
      points_cost: b.pointsCost ?? before?.points_cost ?? this.opts.pointsCost,
      free_per_day: b.freePerDay ?? before?.free_per_day ?? this.opts.freePerDay,
      starts_at: startsAt,
      ends_at: endsAt,
      rules: b.rules ?? before?.rules ?? '',
    };
    return { wheel, prizes };
  }

  async createWheel(b: DrawWheelBody, now = new Date()): Promise<number> {
    const { wheel, prizes } = await this.wheelRows(b, now);
    return this.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insertWheel(trx, wheel);
      await this.repo.putPrizes(trx, id, prizes);
      return id;
    });
  }

  /** Rewrites the wheel and its slots in place (a slot's stock is set to the one given). */
  async updateWheel(b: DrawWheelUpdateBody, now = new Date()): Promise<void> {
    const before = await this.repo.wheel(b.id);
    if (!before) throw new AppError('DRAW_NOT_FOUND');
    const { wheel, prizes } = await this.wheelRows(b, now, before);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.updateWheel(trx, b.id, wheel);
      await this.repo.putPrizes(trx, b.id, prizes);
    });
  }

  /** Gives a user chances once per client key. */
  async giveChances(b: DrawChancesBody): Promise<DrawChancesData> {
    if (!(await this.repo.userExists(b.userId))) throw new AppError('DRAW_USER_NOT_FOUND');
    const fresh = await this.db.transaction().execute((trx) =>
      this.repo.grantChances(trx, {
        userId: b.userId,
        source: 'admin',
        ref: b.clientKey,
        count: b.count,
      }),
    );
    return { fresh, chances: await this.repo.chances(b.userId) };
  }

  async adminResults(q: DrawAdminResultsQuery): Promise<DrawAdminResultsPage> {
    if (!(await this.repo.wheel(q.wheelId))) throw new AppError('DRAW_NOT_FOUND');
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [[rows, total], prizes, won] = await Promise.all([
      this.repo.page({ wheelId: q.wheelId }, pageSize, (pageNum - 1) * pageSize),
      this.repo.prizes(q.wheelId),
      this.repo.wonCounts(q.wheelId),
    ]);
    const wonOf = new Map(won.map((w) => [w.prize_id, w.n]));
    return {
      list: rows.map((r) => ({ ...toResult(r), userId: r.user_id })),
      total: total.n,
      pageNum,
      pageSize,
      prizes: prizes.map((p) => ({
        ...this.prizeView(p),
        weight: p.weight,
        stock: p.stock,
        won: wonOf.get(p.id) ?? 0,
      })),
    };
  }

  // --- user -----------------------------------------------------------------------------------

  private prizeView(p: PrizeRow) {
    return {
      id: p.id,
      slot: p.slot,
      kind: p.kind,
      title: p.title,
      image: p.kind === 'product' ? p.image : null,
      soldOut: p.stock !== null && p.stock <= 0,
    };
  }

  private async found(id: number | undefined, now: Date): Promise<WheelRow> {
    const w = id === undefined ? await this.repo.current(now) : await this.repo.wheel(id);
    if (!w) throw new AppError('DRAW_NOT_FOUND');
    return w;
  }

  /** What I have: free spins left today, earned chances, points. */
  private async mine(w: WheelRow, userId: number, now: Date) {
    const [used, chances, balance] = await Promise.all([
      this.repo.freeUsed(w.id, userId, chinaDay(now)),
      this.repo.chances(userId),
      this.points.balance(userId),
    ]);
    return { freeLeft: Math.max(0, w.free_per_day - used), chances, balance };
  }

  async wheel(userId: number, id: number | undefined, now = new Date()): Promise<DrawWheelData> {
    const w = await this.found(id, now);
    const [prizes, mine] = await Promise.all([this.repo.prizes(w.id), this.mine(w, userId, now)]);
    return {
      id: w.id,
      title: w.title,
      rules: w.rules,
      pointsCost: w.points_cost,
      freePerDay: w.free_per_day,
      startsAt: w.starts_at.toISOString(),
      endsAt: w.ends_at?.toISOString() ?? null,
      open: isOpen(w, now),
      prizes: prizes.map((p) => this.prizeView(p)),
      ...mine,
      orderChances: this.opts.orderChances,
    };
  }

  async spin(userId: number, b: DrawSpinBody, now = new Date()): Promise<DrawSpinData> {
    const earlier = await this.repo.resultByKey(userId, b.clientKey);
    if (earlier) return this.answer(earlier, userId, b.wheelId, false, now);
    const w = await this.found(b.wheelId, now);
    if (!isOpen(w, now)) throw new AppError('DRAW_CLOSED');
    const id = await this.db.transaction().execute(async (trx) => {
      const resultId = await this.repo.openResult(trx, {
        wheel_id: w.id,
        user_id: userId,
        client_key: b.clientKey,
      });
      // The key was taken by a concurrent spin (which has committed by now): its result answers.
      if (resultId === undefined) return undefined;
      const cost = await this.payment(trx, w, userId, now);
      const prize = await this.draw(trx, w, userId, resultId);
      if (cost.kind === 'points') await this.payPoints(trx, w, userId, resultId);
      await this.repo.closeResult(trx, resultId, {
        prize_id: prize?.id ?? null,
        kind: prize?.kind ?? 'nothing',
        title: prize?.title ?? DRAW_NOTHING_TITLE,
        amount: prize?.amount ?? null,
        coupon_template_id: prize?.coupon_template_id ?? null,
        sku_id: prize?.sku_id ?? null,
        cost_kind: cost.kind,
        cost_points: cost.points,
      });
      return resultId;
    });
    const row =
      id === undefined
        ? await this.repo.resultByKey(userId, b.clientKey)
        : await this.repo.result(id);
    if (!row) throw new AppError('CLIENT_KEY_INVALID');
    return this.answer(row, userId, b.wheelId, id !== undefined, now);
  }

  private async answer(
    row: ResultRow,
    userId: number,
    wheelId: number,
    fresh: boolean,
    now: Date,
  ): Promise<DrawSpinData> {
    // A key belongs to one spin: reusing it for another wheel is a client's mistake.
    if (row.wheel_id !== wheelId) throw new AppError('CLIENT_KEY_INVALID');
    const w = await this.found(row.wheel_id, now);
    return { result: toResult(row), fresh, ...(await this.mine(w, userId, now)) };
  }

  /**
   * How a spin is paid: the day's free spin, else an earned chance (each taken here by a
   * conditional UPDATE of the user's own row), else the wheel's points, spent after the draw
   * (payPoints). Locks are thus taken in one order by every spin — the user's rows, the prize's
   * row, then the ledger's accounts (a points prize credits them too) — so that spins never
   * deadlock; a spin whose points then fall short rolls back whole, its prize unit included.
   */
  private async payment(
    trx: Db,
    w: WheelRow,
    userId: number,
    now: Date,
  ): Promise<{ kind: DrawCostKind; points: number }> {
    const day = chinaDay(now);
    if (await this.repo.takeFree(trx, { wheelId: w.id, userId, day, max: w.free_per_day })) {
      return { kind: 'free', points: 0 };
    }
    if (await this.repo.takeChance(trx, userId)) return { kind: 'chance', points: 0 };
    // A wheel without a points price is played only with free spins and chances.
    if (w.points_cost <= 0) throw new AppError('DRAW_NO_CHANCE');
    // Fails fast without drawing; the spend itself (after the draw) is what decides.
    if ((await this.points.balance(userId, trx)) < w.points_cost) {
      throw new AppError('DRAW_POINTS_NOT_ENOUGH', { cost: w.points_cost });
    }
    return { kind: 'points', points: w.points_cost };
  }

  /** Spends the wheel's points, keyed by the spin (a retry can never spend twice). */
  private async payPoints(trx: Db, w: WheelRow, userId: number, resultId: number) {
    try {
      await this.points.spend(trx, userId, w.points_cost, {
        kind: 'draw_spin',
        ref: String(resultId),
        memo: w.title,
      });
    } catch (e) {
      if (e instanceof AppError && e.id === 'POINTS_NOT_ENOUGH') {
        throw new AppError('DRAW_POINTS_NOT_ENOUGH', { cost: w.points_cost });
      }
      throw e;
    }
  }

  /**
   * Draws among the prizes with stock left; a unit taken concurrently (or a coupon the user can
   * no longer receive) rolls back to the savepoint and the draw goes on among the rest, down to
   * the wheel's 谢谢参与 (null: a wheel without one).
   */
  private async draw(
    trx: Db,
    w: WheelRow,
    userId: number,
    resultId: number,
  ): Promise<PrizeRow | null> {
    const all = await this.repo.prizes(w.id, trx);
    const given = await drawPrize(
      all.filter((p) => p.stock === null || p.stock > 0),
      (p) => this.tryGive(trx, userId, resultId, p),
    );
    return given ?? all.find((p) => p.kind === 'nothing') ?? null;
  }

  /** The prize as given, or null when its unit was gone or the user cannot receive it. */
  private async tryGive(
    trx: Db,
    userId: number,
    resultId: number,
    pick: PrizeRow,
  ): Promise<PrizeRow | null> {
    await this.repo.savepoint(trx);
    try {
      const p = await this.repo.takeUnit(trx, pick);
      if (!p) {
        await this.repo.rollbackToSavepoint(trx);
        return null;
      }
      const grant = {
        source: 'draw' as const,
        ref: String(resultId),
        title: `幸运抽奖：${p.title}`,
      };
      if (p.kind === 'coupon') {
        const templateId = p.coupon_template_id ?? 0;
        await this.rewards.grant(trx, userId, { kind: 'coupon', templateId }, grant);
      } else if (p.kind === 'redpacket' || p.kind === 'points') {
        await this.rewards.grant(trx, userId, { kind: p.kind, amount: p.amount ?? 0 }, grant);
      }
      // A product is won here and claimed later with an address; 谢谢参与 gives nothing.
      await this.repo.releaseSavepoint(trx);
      return p;
    } catch (e) {
      if (e instanceof AppError && COUPON_UNAVAILABLE.has(e.id)) {
        await this.repo.rollbackToSavepoint(trx);
        return null;
      }
      throw e;
    }
  }

  /** The chances a user has left. */
  chancesOf(userId: number): Promise<number> {
    return this.repo.chances(userId);
  }

  async results(userId: number, q: DrawResultsQuery): Promise<DrawResultsPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.page(
      { userId, wheelId: q.wheelId },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toResult), total: total.n, pageNum, pageSize };
  }

  /** A product prize's ¥0 order, once (an unpaid order that expired gives another try). */
  async claim(userId: number, b: DrawClaimBody): Promise<NewOrderData> {
    const r = await this.repo.result(b.resultId);
    if (!r || r.user_id !== userId) throw new AppError('DRAW_RESULT_NOT_FOUND');
    if (r.kind !== 'product' || r.sku_id === null) throw new AppError('DRAW_NOT_PRODUCT');
    const placed = await this.orders.placeDeal(userId, {
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note?.trim() ?? '',
      skuId: r.sku_id,
      deal: { port: DRAW_DEAL_PORT, ref: r.id, price: 0 },
    });
    return placed.data;
  }

  /** order.paid: the first paid order of a China-time day earns its chances once. */
  async onPaid(trx: Db, userId: number, now = new Date()): Promise<void> {
    if (this.opts.orderChances <= 0) return;
    await this.repo.grantChances(trx, {
      userId,
      source: 'order',
      ref: chinaDay(now),
      count: this.opts.orderChances,
    });
  }

  /** DealPort.check: the caller's product prize, without a live order yet. */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const rows = new Map(
      (await this.repo.lockResults(trx, [...new Set(deals.map((d) => d.ref))])).map((r) => [
        r.id,
        r,
      ]),
    );
    const taken = new Set<number>();
    return deals.map((d) => {
      const r = rows.get(d.ref);
      if (!r || r.user_id !== d.userId) return 'DRAW_RESULT_NOT_FOUND';
      if (r.kind !== 'product') return 'DRAW_NOT_PRODUCT';
      const live = taken.has(r.id) || (r.order_id !== null && r.order_status !== 'cancelled');
      if (live) return 'DRAW_PRIZE_CLAIMED';
      taken.add(r.id);
      return null;
    });
  }

  /** The port the order placer calls for product prizes (registered under DRAW_DEAL_PORT). */
  dealPort(): DealPort {
    return {
      check: (trx, deals) => this.checkDeals(trx, deals),
      record: async (trx, rows) => {
        for (const r of rows) await this.repo.recordOrder(trx, r.ref, r.orderId, r.orderNo);
      },
    };
  }
}
