import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { Periodic } from '../../platform/periodic.ts';
import type { OrderRepo } from './order.repo.ts';
import type { OrderService } from './order.service.ts';

export interface OrderExpiryOptions {
  /** How often each node looks for expired unpaid orders. */
  intervalMs?: number;
  /** Orders cancelled per transaction. */
  batch?: number;
}

/**
 * Cancels unpaid orders past their `expires_at` and releases their stock. The deadline is a
 * column, so it survives restarts; every node sweeps, and `FOR UPDATE SKIP LOCKED` plus the
 * status-guarded cancel make each order cancel (and release stock) exactly once, even against
 * a payment landing at the same moment.
 */
export class OrderExpiry {
  private readonly periodic: Periodic;
  private readonly batch: number;

  constructor(
    private readonly db: Db,
    private readonly repo: OrderRepo,
    private readonly orders: OrderService,
    private readonly log: FastifyBaseLogger,
    opts: OrderExpiryOptions = {},
  ) {
    this.batch = opts.batch ?? 100;
    this.periodic = new Periodic(
      () => this.sweep(),
      opts.intervalMs ?? 15_000,
      (err) => this.log.warn({ err }, 'order expiry sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass: cancels every order expired now, batch by batch; answers how many it cancelled. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const touched = new Set<number>();
      const { found, cancelled } = await this.db.transaction().execute(async (trx) => {
        const rows = await this.repo.lockExpired(narrowDb(trx), this.batch);
        const ids = rows.map((r) => r.id);
        const moved = await this.orders.cancelUnpaid(
          trx,
          ids,
          '超时未支付，订单已自动取消',
          touched,
        );
        return { found: ids.length, cancelled: moved.length };
      });
      await this.orders.stockChanged(touched);
      total += cancelled;
      if (found < this.batch) return total;
    }
  }
}
