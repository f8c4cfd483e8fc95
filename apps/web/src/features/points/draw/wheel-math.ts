import type { DrawCostKind, DrawResultView, DrawWheelData } from '@chaopin/contracts';
import { DRAW_COST_TEXT } from '@chaopin/contracts';

/** Full turns the wheel makes before it stops. */
export const SPIN_TURNS = 6;
/** How long the spin takes (ms); the CSS transition uses the same. */
export const SPIN_MS = 4000;

const mod = (n: number, m: number) => ((n % m) + m) % m;

/**
 * The wheel's next rotation (degrees, always forward from `prev`) that stops slot `index` of
 * `count` under the pointer at the top. Slot i spans [i, i + 1] × 360/count clockwise from the
 * top (as the conic gradient draws it), so its middle reaches the pointer at -(i + ½) slices.
 */
export function landingRotation(prev: number, index: number, count: number): number {
  const slice = 360 / count;
  const target = mod(-(index + 0.5) * slice, 360);
  return prev - mod(prev, 360) + SPIN_TURNS * 360 + target;
}

/** Which wheel position a result landed on: its prize's, else a 谢谢参与 slot, else the first. */
export function landingIndex(
  prizes: DrawWheelData['prizes'],
  result: Pick<DrawResultView, 'prizeId' | 'kind'>,
): number {
  const exact = prizes.findIndex((p) => p.id === result.prizeId);
  if (exact >= 0) return exact;
  const nothing = prizes.findIndex((p) => p.kind === 'nothing');
  return nothing >= 0 ? nothing : 0;
}

/** The conic gradient of `count` slices in alternating colours. */
export function wheelGradient(count: number, colors = ['#ffe082', '#ffb74d']): string {
  const slice = 360 / count;
  const stops = Array.from({ length: count }, (_, i) => {
    const color = colors[i % colors.length] ?? '#fff';
    return `${color} ${i * slice}deg ${(i + 1) * slice}deg`;
  });
  return `conic-gradient(${stops.join(', ')})`;
}

/** What the next spin costs me, for the button. */
export function spinCostText(w: Pick<DrawWheelData, 'freeLeft' | 'chances' | 'pointsCost'>) {
  if (w.freeLeft > 0) return `今日免费 ${w.freeLeft} 次`;
  if (w.chances > 0) return `剩余机会 ${w.chances} 次`;
  if (w.pointsCost > 0) return `${w.pointsCost}积分/次`;
  return '今日次数已用完';
}

export const costText = (kind: DrawCostKind, points: number) =>
  kind === 'points' ? `消耗${points}积分` : DRAW_COST_TEXT[kind];
