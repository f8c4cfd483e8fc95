import type { FastifyBaseLogger } from 'fastify';
import { Periodic } from '../../platform/periodic.ts';
import type { NewUserRefundService } from './new-user-refund.service.ts';

/**
 * Pays due new-user refunds on every node; the service claims each due row once, so nodes may
 * sweep together.
 */
export class ZoneSweeper {
  private readonly periodic: Periodic;

  constructor(
    private readonly refund: NewUserRefundService,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => log.error({ err }, 'new-user refund sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(): Promise<void> {
    while ((await this.refund.settleDue()) > 0) {
      // A backlog (a node that was down) pays batch by batch.
    }
  }
}
