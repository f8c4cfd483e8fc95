import type { FastifyBaseLogger } from 'fastify';
import { Periodic } from '../../platform/periodic.ts';
import type { CommissionService } from './commission/commission.service.ts';
import type { WithdrawalService } from './withdrawal/withdrawal.service.ts';

/** Settles due commissions and asks again about unanswered payouts, on every node. */
export class PromotionSweeper {
  private readonly periodic: Periodic;

  constructor(
    private readonly commissions: CommissionService,
    private readonly withdrawals: WithdrawalService,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => log.error({ err }, 'promotion sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(): Promise<void> {
    while ((await this.commissions.settleDue()) > 0) {
      // A backlog (a node that was down) settles batch by batch.
    }
    await this.withdrawals.retryUnanswered();
  }
}
