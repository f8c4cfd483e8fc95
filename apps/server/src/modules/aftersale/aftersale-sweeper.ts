import type { FastifyBaseLogger } from 'fastify';
import { Periodic } from '../../platform/periodic.ts';
import type { RefundSettlement } from './refund-settlement.ts';

/** How often refunds waiting for a gateway's notify are looked at again. */
const RETRY_EVERY_MS = 60_000;

/** Asks the gateway again about refunds stuck waiting for its notify, on every node. */
export class AftersaleSweeper {
  private readonly periodic: Periodic;

  constructor(merchant: RefundSettlement, log: FastifyBaseLogger) {
    this.periodic = new Periodic(
      () => merchant.retryStuckRefunds(),
      RETRY_EVERY_MS,
      (err) => log.warn({ err }, 'stuck refund retry failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
