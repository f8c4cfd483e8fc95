import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { Periodic } from '../../platform/periodic.ts';
import type { Ledger } from '../ledger/index.ts';
import type { PointsExpiryRepo } from './points-expiry.repo.ts';

const USERS_PER_SWEEP = 200;
const DAY_MS = 86_400_000;

export interface ExpiryRules {
  /** Points earned in year Y expire at the end of year Y + years (0: never). */
  years: number;
  /** The notice goes out this many days before. */
  noticeDays: number;
}

/** The start of a China-time year: the instant its points stop being "this year's". */
export const yearStart = (year: number) => new Date(`${year}-01-01T00:00:00+08:00`);

/** The lot year whose points have expired by `now`, and the one that expires this year. */
export function expiryYears(now: Date, years: number): { expired: number; expiring: number } {
  const current = Number(chinaDay(now).slice(0, 4));
  return { expired: current - years - 1, expiring: current - years };
}

/**
 * Points expiry, on every node: at the end of year Y + N the points still left of what was earned
 * up to year Y (oldest spent first) are taken back, with a notice a month before. Each expiry is
 * a ledger posting keyed (user, year) and each notice a row keyed (user, year) written with its
 * message, so nodes and restarts never expire or tell twice; the account is locked while its
 * lots are counted, so a spend at midnight is counted first or waits.
 */
export class PointsExpiry {
  private readonly periodic: Periodic;
  /** Years with nothing left to do (found empty once): not scanned again by this node. */
  private readonly doneExpiry = new Set<number>();
  private readonly doneNotice = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly repo: PointsExpiryRepo,
    private readonly ledger: Ledger,
    private readonly events: DomainEvents,
    private readonly rules: ExpiryRules,
    log: FastifyBaseLogger,
    intervalMs: number,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => log.warn({ err }, 'points expiry sweep failed'),
    );
  }

  start(): void {
    if (this.rules.years > 0) this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(now = new Date()): Promise<{ expired: number; noticed: number }> {
    if (this.rules.years <= 0) return { expired: 0, noticed: 0 };
    return { expired: await this.expire(now), noticed: await this.notice(now) };
  }

  /** Takes back what is left of the lots that expired by `now`; answers the users touched. */
  async expire(now = new Date()): Promise<number> {
    const { expired: year } = expiryYears(now, this.rules.years);
    if (this.doneExpiry.has(year)) return 0;
    const cut = yearStart(year + 1);
    let total = 0;
    for (;;) {
      const due = await this.repo.dueExpiry(narrowDb(this.db), cut, year, USERS_PER_SWEEP);
      const before = total;
      for (const d of due) {
        const done = await this.db.transaction().execute(async (trx) => {
          const left = await this.repo.leftOf(narrowDb(trx), d.account_id, cut);
          if (left <= 0) return false;
          return this.ledger.post(trx, {
            kind: 'points_expire',
            ref: `${d.user_id}:${year}`,
            memo: `${year}年获得的积分已过期`,
            entries: [
              { accountId: d.account_id, amount: -left },
              { accountId: await this.ledger.revenue(trx, 'points'), amount: left },
            ],
          });
        });
        if (done) total++;
      }
      // A full batch that moved nothing (raced by another node) is left to the next sweep.
      if (due.length < USERS_PER_SWEEP || total === before) break;
    }
    if (total === 0) this.doneExpiry.add(year);
    return total;
  }

  /** Tells users whose points expire at the end of this year, once, from `noticeDays` before. */
  async notice(now = new Date()): Promise<number> {
    const { expiring: year } = expiryYears(now, this.rules.years);
    const expiresAt = yearStart(year + this.rules.years + 1);
    if (now.getTime() < expiresAt.getTime() - this.rules.noticeDays * DAY_MS) return 0;
    if (this.doneNotice.has(year)) return 0;
    const cut = yearStart(year + 1);
    let total = 0;
    for (;;) {
      const due = await this.repo.dueNotice(narrowDb(this.db), cut, year, USERS_PER_SWEEP);
      await this.db.transaction().execute(async (trx) => {
        for (const d of due) {
          if (!(await this.repo.markNoticed(narrowDb(trx), d.user_id, year, d.left))) continue;
          await this.events.emit(trx, {
            type: 'points.expiring',
            userId: d.user_id,
            points: d.left,
            expiresAt,
          });
          total++;
        }
      });
      if (due.length < USERS_PER_SWEEP) break;
    }
    if (total === 0) this.doneNotice.add(year);
    return total;
  }
}
