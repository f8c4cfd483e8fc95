import { queryOptions } from '@tanstack/react-query';
import { promoRulesApi } from './api.ts';

// Apart from queries.ts: every goods card reads this (the home page's first load), the rest of
// the member queries only the member pages.
export const promoRulesKey = ['promotion', 'rules'] as const;

/** Operator settings change rarely; ProductCard reads this on every card, so one shared request. */
export const promoRulesQuery = () =>
  queryOptions({ queryKey: promoRulesKey, queryFn: promoRulesApi.rules, staleTime: 30 * 60_000 });
