import type { DrawChancesBody, DrawChancesData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { DrawRepo } from './draw.repo.ts';
import type { DrawOptions } from './draw-rules.ts';

/** Earned chances: the operator's gifts and the first paid order of a day, each granted once. */
export class DrawChances {
  constructor(
    private readonly db: Db,
    private readonly repo: DrawRepo,
    private readonly opts: DrawOptions,
  ) {}

  /** Gives a user chances once per client key. */
  async giveChances(b: DrawChancesBody): Promise<DrawChancesData> {
    if (!(await this.repo.userExists(b.userId))) throw new AppError('DRAW_USER_NOT_FOUND');
    const fresh = await this.db.transaction().execute((trx) =>
      this.repo.grantChances(narrowDb(trx), {
        userId: b.userId,
        source: 'admin',
        ref: b.clientKey,
        count: b.count,
      }),
    );
    return { fresh, chances: await this.repo.chances(b.userId) };
  }

  /** The chances a user has left. */
  chancesOf(userId: number): Promise<number> {
    return this.repo.chances(userId);
  }

  /**
   * order.paid: the first paid order of a China-time day earns its chances once, owned by the
   * payment's first order (a refund of that order undoes them; see onOrderRefunded).
   */
  async onPaid(trx: Db, userId: number, orderNo: string, now = new Date()): Promise<void> {
    if (this.opts.orderChances <= 0) return;
    await this.repo.grantChances(narrowDb(trx), {
      userId,
      source: 'order',
      ref: chinaDay(now),
      count: this.opts.orderChances,
      orderNo,
    });
  }

  /**
   * refund.refunded of a fully refunded order: its chances are taken back once, from those left,
   * else as a debt the next earned chance pays first (chances left never go below zero). The
   * day's first-order chance is free again: the next order paid that day earns it.
   */
  async onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    await this.repo.reverseOrderGrant(narrowDb(trx), userId, orderNo);
  }

  /** Chances the user owes (spent, then taken back by a refund). */
  debtOf(userId: number): Promise<number> {
    return this.repo.chanceDebt(userId);
  }
}
