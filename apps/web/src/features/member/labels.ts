export { memberUntilText } from '../../ui/member/memberUntilText.ts';

/** 95 → 9.5折, 90 → 9折: how Chinese shops state a percent of the list price. */
export function discountText(percent: number): string {
  return `${trimNumber(percent / 10)}折`;
}

/** Basis points as a percent: 1000 → 10%, 50 → 0.5%. */
export function bpText(bp: number): string {
  return `${trimNumber(bp / 100)}%`;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}
