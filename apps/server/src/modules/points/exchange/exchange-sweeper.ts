import type { FastifyBaseLogger } from 'fastify';
import { Periodic } from '../../../platform/periodic.ts';
import type { ExchangeService } from './exchange.service.ts';

/**
 * Gives back the points of mall product purchases whose order was cancelled unpaid. The order
 * module publishes no cancel event (only order.paid), so each node looks for such purchases on a
 * timer; the purchase row's SKIP LOCKED lock and its returned_at make each return happen once.
 * The points come back within one interval of the cancellation.
 */
export class ExchangeReturns {
  private readonly periodic: Periodic;

  constructor(
    private readonly exchange: ExchangeService,
    log: FastifyBaseLogger,
    intervalMs: number,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => log.warn({ err }, 'exchange return sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  sweep(): Promise<number> {
    return this.exchange.returnCancelled();
  }
}
