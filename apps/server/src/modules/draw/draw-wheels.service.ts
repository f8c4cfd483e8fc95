import {
  DRAW_NOTHING_TITLE,
  type DrawAdminResultsPage,
  type DrawAdminResultsQuery,
  type DrawPrizeBody,
  type DrawWheelBody,
  type DrawWheelUpdateBody,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { yuan } from '../rewards/index.ts';
import type { DrawRepo } from './draw.repo.ts';
import {
  type DrawOptions,
  type PrizeInsert,
  parseTime,
  prizeShapeValid,
  prizeView,
  toResult,
  type WheelRow,
} from './draw-rules.ts';

/** The operator's wheels: creating and rewriting them, and their results with the stock left. */
export class DrawWheels {
  constructor(
    private readonly db: Db,
    private readonly repo: DrawRepo,
    private readonly opts: DrawOptions,
  ) {}

  /** A slot's row: exactly the field of its kind, a stock unless unlimited is allowed, a title. */
  private async prizeRow(p: DrawPrizeBody, slot: number): Promise<PrizeInsert> {
    if (!prizeShapeValid(p)) throw new AppError('DRAW_INVALID');
    const kind = p.kind;
    let title: string;
    if (kind === 'coupon') {
      const t = await this.repo.couponTemplate(p.couponTemplateId ?? 0);
      if (!t) throw new AppError('COUPON_NOT_FOUND');
      title = t.name;
    } else if (kind === 'product') {
      const s = await this.repo.sku(p.skuId ?? 0);
      if (!s) throw new AppError('SKU_NOT_FOUND');
      title = s.title;
    } else if (kind === 'redpacket') {
      title = `${yuan(p.amount ?? 0)}红包`;
    } else if (kind === 'points') {
      title = `${p.amount ?? 0}积分`;
    } else {
      title = DRAW_NOTHING_TITLE;
    }
    return {
      slot,
      kind,
      title: (p.title?.trim() || title).slice(0, 20),
      coupon_template_id: p.couponTemplateId ?? null,
      amount: p.amount ?? null,
      sku_id: p.skuId ?? null,
      weight: p.weight,
      stock: p.stock ?? null,
    };
  }

  private async wheelRows(b: DrawWheelBody, now: Date, before?: WheelRow) {
    if (!b.prizes.some((p) => p.weight > 0)) throw new AppError('DRAW_INVALID');
    const prizes: PrizeInsert[] = [];
    for (const [slot, p] of b.prizes.entries()) prizes.push(await this.prizeRow(p, slot));
    const startsAt = parseTime(b.startsAt, before?.starts_at ?? now) ?? now;
    const endsAt = parseTime(b.endsAt, before?.ends_at ?? null);
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw new AppError('DRAW_INVALID');
    const wheel = {
      title: b.title.trim() || '幸运抽奖',
      points_cost: b.pointsCost ?? before?.points_cost ?? this.opts.pointsCost,
      free_per_day: b.freePerDay ?? before?.free_per_day ?? this.opts.freePerDay,
      starts_at: startsAt,
      ends_at: endsAt,
      rules: b.rules ?? before?.rules ?? '',
    };
    return { wheel, prizes };
  }

  async createWheel(b: DrawWheelBody, now = new Date()): Promise<number> {
    const { wheel, prizes } = await this.wheelRows(b, now);
    return this.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insertWheel(narrowDb(trx), wheel);
      await this.repo.putPrizes(narrowDb(trx), id, prizes);
      return id;
    });
  }

  /** Rewrites the wheel and its slots in place (a slot's stock is set to the one given). */
  async updateWheel(b: DrawWheelUpdateBody, now = new Date()): Promise<void> {
    const before = await this.repo.wheel(b.id);
    if (!before) throw new AppError('DRAW_NOT_FOUND');
    const { wheel, prizes } = await this.wheelRows(b, now, before);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.updateWheel(narrowDb(trx), b.id, wheel);
      await this.repo.putPrizes(narrowDb(trx), b.id, prizes);
    });
  }

  async adminResults(q: DrawAdminResultsQuery): Promise<DrawAdminResultsPage> {
    if (!(await this.repo.wheel(q.wheelId))) throw new AppError('DRAW_NOT_FOUND');
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [[rows, total], prizes, won] = await Promise.all([
      this.repo.page({ wheelId: q.wheelId }, pageSize, (pageNum - 1) * pageSize),
      this.repo.prizes(q.wheelId),
      this.repo.wonCounts(q.wheelId),
    ]);
    const wonOf = new Map(won.map((w) => [w.prize_id, w.n]));
    return {
      list: rows.map((r) => ({ ...toResult(r), userId: r.user_id })),
      total: total.n,
      pageNum,
      pageSize,
      prizes: prizes.map((p) => ({
        ...prizeView(p),
        weight: p.weight,
        stock: p.stock,
        won: wonOf.get(p.id) ?? 0,
      })),
    };
  }
}
