import type { ProductSort } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';
import type { Paging } from '../product/productApi.ts';

// Not in features/search: the live host's product picker searches goods too. search/api.ts
// re-exports it.

export const searchApi = {
  goods: ({
    keyword,
    sort = 'default',
    pageNum,
    pageSize = 10,
  }: Paging & {
    keyword: string;
    sort?: ProductSort;
  }) => get('search/goods', { keyword, sort, pageNum, pageSize }),
  history: () => get('search/history'),
  clearHistory: () => post('search/clearHistory'),
  hot: () => get('search/hot'),
  suggest: (keyword: string) => get('search/suggest', { keyword }),
};
