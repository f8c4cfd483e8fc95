import { memberPriceOf } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { PriceInputLine } from './pricing.ts';

/** What the promotion module hands over: which buyers are members now, and their price percent. */
export interface MemberPort {
  /** Members among these users (membership not lapsed) → the percent of list price they pay. */
  percents(db: Db, userIds: readonly number[]): Promise<Map<number, number>>;
}

/** A line at a member's price (its list price kept for the saving), or as it is. */
export function atMemberPrice<L extends PriceInputLine>(line: L, percent: number | undefined): L {
  if (percent === undefined || percent >= 100) return line;
  const price = memberPriceOf(line.price, percent);
  return price < line.price ? { ...line, price, listPrice: line.price } : line;
}

/** What membership took off a priced line. */
export const memberSaving = (line: { price: number; quantity: number; listPrice?: number }) =>
  line.listPrice === undefined ? 0 : (line.listPrice - line.price) * line.quantity;
