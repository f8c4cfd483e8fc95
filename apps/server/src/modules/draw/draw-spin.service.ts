import {
  DRAW_NOTHING_TITLE,
  type DrawCostKind,
  type DrawSpinBody,
  type DrawSpinData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PointsService } from '../points/index.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { DrawRepo } from './draw.repo.ts';
import { drawPrize } from './draw-pick.ts';
import {
  COUPON_UNAVAILABLE,
  isOpen,
  type PrizeRow,
  type ResultRow,
  toResult,
  type WheelRow,
} from './draw-rules.ts';
import type { DrawViews } from './draw-views.service.ts';

/**
 * A spin is one transaction: its result row first (the client key's unique index makes a retry
 * answer the first spin), the payment (a free spin of the China-time day or an earned chance,
 * each a conditional UPDATE; else points, a ledger posting keyed by the spin), the prize drawn by
 * weight among those with stock left, its unit taken by a conditional UPDATE and given in the
 * same transaction. Exactness comes from the database, never from this process.
 */
export class DrawSpins {
  constructor(
    private readonly db: Db,
    private readonly repo: DrawRepo,
    private readonly views: DrawViews,
    private readonly points: PointsService,
    private readonly rewards: RewardsService,
  ) {}

  async spin(userId: number, b: DrawSpinBody, now = new Date()): Promise<DrawSpinData> {
    const earlier = await this.repo.resultByKey(userId, b.clientKey);
    if (earlier) return this.answer(earlier, userId, b.wheelId, false, now);
    const w = await this.views.found(b.wheelId, now);
    if (!isOpen(w, now)) throw new AppError('DRAW_CLOSED');
    const id = await this.db.transaction().execute(async (trx) => {
      const resultId = await this.repo.openResult(narrowDb(trx), {
        wheel_id: w.id,
        user_id: userId,
        client_key: b.clientKey,
      });
      // The key was taken by a concurrent spin (which has committed by now): its result answers.
      if (resultId === undefined) return undefined;
      const cost = await this.payment(trx, w, userId, now);
      const prize = await this.draw(trx, w, userId, resultId);
      if (cost.kind === 'points') await this.payPoints(trx, w, userId, resultId);
      await this.repo.closeResult(narrowDb(trx), resultId, {
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
    const w = await this.views.found(row.wheel_id, now);
    return { result: toResult(row), fresh, ...(await this.views.mine(w, userId, now)) };
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
    if (
      await this.repo.takeFree(narrowDb(trx), { wheelId: w.id, userId, day, max: w.free_per_day })
    ) {
      return { kind: 'free', points: 0 };
    }
    if (await this.repo.takeChance(narrowDb(trx), userId)) return { kind: 'chance', points: 0 };
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
    const all = await this.repo.prizes(w.id, narrowDb(trx));
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
    await this.repo.savepoint(narrowDb(trx));
    try {
      const p = await this.repo.takeUnit(narrowDb(trx), pick);
      if (!p) {
        await this.repo.rollbackToSavepoint(narrowDb(trx));
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
      await this.repo.releaseSavepoint(narrowDb(trx));
      return p;
    } catch (e) {
      if (e instanceof AppError && COUPON_UNAVAILABLE.has(e.id)) {
        await this.repo.rollbackToSavepoint(narrowDb(trx));
        return null;
      }
      throw e;
    }
  }
}
