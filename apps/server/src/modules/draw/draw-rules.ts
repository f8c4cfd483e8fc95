import type { DrawPrizeBody, DrawResultView, ErrorId } from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { orderLink, REWARD_LINKS } from '../rewards/index.ts';
import type { DrawRepo } from './draw.repo.ts';
import type { DrawPrizeTable, DrawWheelTable } from './draw.tables.ts';

export interface DrawOptions {
  /** Chances the first paid order of a China-time day earns (0: none). */
  orderChances: number;
  /** Defaults of a new wheel. */
  pointsCost: number;
  freePerDay: number;
}

export type WheelRow = Selectable<DrawWheelTable>;
export type PrizeRow = Awaited<ReturnType<DrawRepo['prizes']>>[number];
export type ResultRow = NonNullable<Awaited<ReturnType<DrawRepo['result']>>>;
export type PrizeInsert = Omit<DrawPrizeTable, 'id' | 'wheel_id' | 'enabled'>;

/** A coupon the user can no longer receive (their allowance, the template's total, its end). */
export const COUPON_UNAVAILABLE = new Set<ErrorId>([
  'COUPON_LIMIT',
  'COUPON_SOLD_OUT',
  'COUPON_ENDED',
  'COUPON_NOT_FOUND',
]);

export const isOpen = (w: WheelRow, now: Date) =>
  w.starts_at.getTime() <= now.getTime() && (w.ends_at === null || w.ends_at > now);

export function toResult(r: ResultRow): DrawResultView {
  let link: string | null = null;
  if (r.kind === 'product') link = r.order_no ? orderLink(r.order_no) : null;
  else if (r.kind !== 'nothing') link = REWARD_LINKS[r.kind];
  return {
    id: r.id,
    wheelId: r.wheel_id,
    prizeId: r.prize_id,
    slot: r.slot,
    kind: r.kind,
    title: r.title,
    amount: r.amount,
    costKind: r.cost_kind,
    costPoints: r.cost_points,
    link,
    orderNo: r.order_no,
    skuId: r.kind === 'product' ? r.sku_id : null,
    createdAt: r.created_at.toISOString(),
  };
}

/** A prize as players see it (weights and stock counts stay the operator's). */
export function prizeView(p: PrizeRow) {
  return {
    id: p.id,
    slot: p.slot,
    kind: p.kind,
    title: p.title,
    image: p.kind === 'product' ? p.image : null,
    soldOut: p.stock !== null && p.stock <= 0,
  };
}

export function parseTime(s: string | undefined | null, fallback: Date | null): Date | null {
  if (s === undefined || s === null) return fallback;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) throw new AppError('DRAW_INVALID');
  return d;
}

/**
 * Whether a slot's body is well formed: exactly the field of its kind, and a stock unless the
 * kind may be unlimited (points, 谢谢参与).
 */
export function prizeShapeValid(p: DrawPrizeBody): boolean {
  const has = {
    coupon: p.couponTemplateId !== undefined,
    amount: p.amount !== undefined,
    sku: p.skuId !== undefined,
  };
  const kind = p.kind;
  if (
    has.coupon !== (kind === 'coupon') ||
    has.sku !== (kind === 'product') ||
    has.amount !== (kind === 'redpacket' || kind === 'points')
  ) {
    return false;
  }
  return (p.stock ?? null) !== null || kind === 'points' || kind === 'nothing';
}
