import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { Periodic } from '../../platform/periodic.ts';
import type { GameRepo } from './game.repo.ts';
import type { GameService } from './game.service.ts';

const ROUNDS_PER_TXN = 10;

/**
 * Settles the rounds past their close time, on every node: due rounds are claimed with
 * FOR UPDATE SKIP LOCKED and each is moved open → settled in the transaction that writes its
 * winner and every consolation, so a round is settled exactly once whatever the nodes, and a
 * node killed mid-way leaves the round open for the next sweep with nothing written.
 */
export class GameSweeper {
  private readonly periodic: Periodic;

  constructor(
    private readonly db: Db,
    private readonly repo: GameRepo,
    private readonly game: GameService,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
  ) {
    this.periodic = new Periodic(
      () => this.settleDue(),
      intervalMs,
      (err) => this.log.warn({ err }, 'game settlement failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Settles every round due at `now` (tests pass a later clock); answers how many it settled. */
  async settleDue(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, settled } = await this.db.transaction().execute(async (trx) => {
        const due = await this.repo.dueRounds(narrowDb(trx), now, ROUNDS_PER_TXN);
        let settled = 0;
        for (const r of due) if (await this.game.settle(trx, r, now)) settled += 1;
        return { claimed: due.length, settled };
      });
      total += settled;
      if (claimed < ROUNDS_PER_TXN) return total;
    }
  }
}
