import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { FIVE_MINUTES } from '../../core/queries.ts';

// The 分类 tab and the home page both show the categories; home/api.ts keeps homeKeys.categories
// on this key and homeApi.classification on this call.

export const categoriesKey = ['home', 'classification'] as const;

export const fetchCategories = () => get('home/classification');

export const categoriesQuery = () =>
  queryOptions({ queryKey: categoriesKey, queryFn: fetchCategories, staleTime: FIVE_MINUTES });
