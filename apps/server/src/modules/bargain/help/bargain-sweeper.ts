import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { Periodic } from '../../../platform/periodic.ts';
import type { HelpRepo } from './help.repo.ts';
import type { BargainHelping } from './help.service.ts';

const EXPIRE_PER_TXN = 200;
/** A reward still pending this long after its help was written (rows from before rewards were given in the help's transaction). */
const PENDING_GRACE_MS = 60_000;

/**
 * The bargain's background work, on every node: running bargains past their time end as
 * expired (claimed with FOR UPDATE SKIP LOCKED, so nodes and a help in flight never collide;
 * helpers keep what they were given), and coupon rewards left pending are settled once.
 */
export class BargainSweeper {
  private readonly periodic: Periodic;

  constructor(
    private readonly db: Db,
    private readonly repo: HelpRepo,
    private readonly helping: BargainHelping,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => this.log.warn({ err }, 'bargain sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(): Promise<number> {
    const expired = await this.expire();
    await this.settlePending();
    return expired;
  }

  /** Ends every running bargain past its time; answers how many. */
  async expire(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction().execute(async (trx) => {
        const due = await this.repo.dueRunning(narrowDb(trx), EXPIRE_PER_TXN);
        await this.repo.expire(
          narrowDb(trx),
          due.map((d) => d.id),
        );
        return due.length;
      });
      total += n;
      if (n < EXPIRE_PER_TXN) return total;
    }
  }

  private async settlePending(): Promise<void> {
    const rows = await this.repo.pendingRewards(100, new Date(Date.now() - PENDING_GRACE_MS));
    for (const r of rows) {
      await this.helping.settlePending(r.id, r.helper_id, r.coupon_template_id);
    }
  }
}
