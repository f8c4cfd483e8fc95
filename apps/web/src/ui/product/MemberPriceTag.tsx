import type { PromoRulesData } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../core/format.ts';
import { promoRulesQuery } from '../promoRulesQuery.ts';
import './memberPrice.css';

const percentOf = (rules: PromoRulesData) => rules.memberPricePercent;

/**
 * The contracts' memberPriceOf, restated: importing it pulls promotion.ts's schemas and TypeBox
 * (~13 KB brotli) into the home page's first load, as that module's top level builds schemas.
 * MemberPriceTag.test.tsx holds the two to the same answers.
 */
export function memberPrice(price: number, percent: number): number {
  if (percent >= 100) return price;
  return Math.max(1, Math.floor((price * percent) / 100));
}

/**
 * 会员价 ¥x beside a list price. Every card on a page shares the one cached rules request, and
 * nothing shows until it answers (the price must not wait for it, nor jump for a failure).
 */
export function MemberPriceTag({ price, className }: { price: number; className?: string }) {
  const percent = useQuery({
    ...promoRulesQuery(),
    select: percentOf,
    meta: { toast: false },
  }).data;
  if (percent === undefined || percent >= 100) return null;
  return (
    <span className={className ? `member-price ${className}` : 'member-price'}>
      会员价 {formatPrice(memberPrice(price, percent))}
    </span>
  );
}
