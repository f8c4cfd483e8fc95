import type { DrawResultsPage, DrawResultsQuery, DrawWheelData } from '@chaopin/contracts';
import { chinaDay } from '../../platform/china-time.ts';
import { AppError } from '../../platform/errors.ts';
import type { PointsService } from '../points/index.ts';
import type { DrawRepo } from './draw.repo.ts';
import { type DrawOptions, isOpen, prizeView, toResult, type WheelRow } from './draw-rules.ts';

/** What the player reads: the wheel with what they have to spin with, and their results. */
export class DrawViews {
  constructor(
    private readonly repo: DrawRepo,
    private readonly points: PointsService,
    private readonly opts: DrawOptions,
  ) {}

  /** The wheel asked for, or the one running now. */
  async found(id: number | undefined, now: Date): Promise<WheelRow> {
    const w = id === undefined ? await this.repo.current(now) : await this.repo.wheel(id);
    if (!w) throw new AppError('DRAW_NOT_FOUND');
    return w;
  }

  /** What I have: free spins left today, earned chances, points. */
  async mine(w: WheelRow, userId: number, now: Date) {
    const [used, chances, balance] = await Promise.all([
      this.repo.freeUsed(w.id, userId, chinaDay(now)),
      this.repo.chances(userId),
      this.points.balance(userId),
    ]);
    return { freeLeft: Math.max(0, w.free_per_day - used), chances, balance };
  }

  async wheel(userId: number, id: number | undefined, now = new Date()): Promise<DrawWheelData> {
    const w = await this.found(id, now);
    const [prizes, mine] = await Promise.all([this.repo.prizes(w.id), this.mine(w, userId, now)]);
    return {
      id: w.id,
      title: w.title,
      rules: w.rules,
      pointsCost: w.points_cost,
      freePerDay: w.free_per_day,
      startsAt: w.starts_at.toISOString(),
      endsAt: w.ends_at?.toISOString() ?? null,
      open: isOpen(w, now),
      prizes: prizes.map((p) => prizeView(p)),
      ...mine,
      orderChances: this.opts.orderChances,
    };
  }

  async results(userId: number, q: DrawResultsQuery): Promise<DrawResultsPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.page(
      { userId, wheelId: q.wheelId },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toResult), total: total.n, pageNum, pageSize };
  }
}
