import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type RuleRow = ApiData<'admin/rule/list'>[number];
export type RuleUpdate = Omit<ApiRequestBody<'admin/rule/update'>, 'paragraphs'> & {
  paragraphs: string[];
};

export const loadRules = () => typed(api.GET('/chaopin-boot/api/v1/admin/rule/list'));

/** Replaces a rule page's title and paragraphs (a new code creates the page). */
export const updateRule = (body: RuleUpdate) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/rule/update', { body }));
