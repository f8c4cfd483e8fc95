import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { Periodic } from '../../platform/periodic.ts';
import type { OrderFulfilment } from '../order/index.ts';
import type { LogisticsProvider } from './provider.ts';
import { routeOf } from './route.ts';
import type { ShipmentRepo } from './shipment.repo.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface LogisticsSweeperOptions {
  autoConfirmDays: number;
  /** How often each node looks. */
  intervalMs?: number;
  /** Shipments handled per transaction. */
  batch?: number;
}

/**
 * Two jobs over shipped orders, run by every node: (1) ask the provider about unsigned shipments
 * when due and emit `order.signed` once a parcel is signed for; (2) confirm receipt for orders
 * whose parcel was signed `autoConfirmDays` ago (`order.received`, auto). Rows are taken with
 * FOR UPDATE SKIP LOCKED and every write is guarded, so two nodes never do one thing twice.
 */
export class LogisticsSweeper {
  private readonly periodic: Periodic;
  private readonly batch: number;
  private readonly autoConfirmDays: number;

  constructor(
    private readonly db: Db,
    private readonly repo: ShipmentRepo,
    private readonly orders: OrderFulfilment,
    private readonly provider: LogisticsProvider,
    private readonly events: DomainEvents,
    private readonly log: FastifyBaseLogger,
    opts: LogisticsSweeperOptions,
  ) {
    this.batch = opts.batch ?? 100;
    this.periodic = new Periodic(
      () => this.sweep(),
      opts.intervalMs ?? 60_000,
      (err) => this.log.warn({ err }, 'logistics sweep failed'),
    );
    this.autoConfirmDays = opts.autoConfirmDays;
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass as of `now`: answers how many shipments it saw signed and orders it confirmed. */
  async sweep(now = new Date()): Promise<{ signed: number; confirmed: number }> {
    const signed = await this.batches(() => this.signBatch(now));
    const confirmed = await this.batches(() => this.confirmBatch(now));
    return { signed, confirmed };
  }

  private async batches(run: () => Promise<{ found: number; done: number }>): Promise<number> {
    let total = 0;
    for (;;) {
      const { found, done } = await run();
      total += done;
      if (found < this.batch) return total;
    }
  }

  private signBatch(now: Date) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lockDueUnsigned(narrowDb(trx), now, this.batch);
      let done = 0;
      for (const row of rows) {
        const shipment = await this.orders
          .shipment(row.user_id, row.order_no, trx)
          .catch((err: unknown) => {
            if (err instanceof AppError) return null;
            throw err;
          });
        if (!shipment) {
          // The order is gone from the buyer's view (deleted): nothing left to tell them.
          await this.repo.markSigned(narrowDb(trx), row.order_no, now);
          await this.repo.markAutoConfirmed(narrowDb(trx), row.order_no, now);
          continue;
        }
        // A real carrier's API would be called here too; its answers are idempotent reads.
        const tracking = await this.provider.track(routeOf(shipment), now);
        if (tracking.signedAt) {
          if (!(await this.repo.markSigned(narrowDb(trx), row.order_no, tracking.signedAt)))
            continue;
          done += 1;
          if (shipment.status === 'cancelled') continue;
          await this.events.emit(trx, {
            type: 'order.signed',
            userId: row.user_id,
            orderNo: row.order_no,
          });
        } else {
          const next = Math.max(
            tracking.nextCheckAt?.getTime() ?? now.getTime() + 60 * MINUTE,
            now.getTime() + MINUTE,
          );
          await this.repo.checkLater(narrowDb(trx), row.order_no, new Date(next));
        }
      }
      return { found: rows.length, done };
    });
  }

  private confirmBatch(now: Date) {
    const cutoff = new Date(now.getTime() - this.autoConfirmDays * DAY);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lockDueConfirm(narrowDb(trx), cutoff, this.batch);
      let done = 0;
      for (const row of rows) {
        const moved = await this.orders.autoConfirm(
          trx,
          row.user_id,
          row.order_no,
          `快件签收满${this.autoConfirmDays}天，系统已自动确认收货`,
        );
        await this.repo.markAutoConfirmed(narrowDb(trx), row.order_no, now);
        if (moved) done += 1;
      }
      return { found: rows.length, done };
    });
  }
}
