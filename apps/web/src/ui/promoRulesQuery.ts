import { queryOptions } from '@tanstack/react-query';
import { get } from '../core/api/client.ts';

// Here, not in the member feature's api.ts: every goods card reads this (the home page's first
// load), the rest of the member API and queries only the member pages. The typed client directly,
// so ui/ does not import a feature.

export const promoRulesApi = {
  rules: () => get('promotion/rules'),
};

export const promoRulesKey = ['promotion', 'rules'] as const;

/** Operator settings change rarely; ProductCard reads this on every card, so one shared request. */
export const promoRulesQuery = () =>
  queryOptions({ queryKey: promoRulesKey, queryFn: promoRulesApi.rules, staleTime: 30 * 60_000 });
