import type { ProductSort } from '@chaopin/contracts';
import { get } from '../../core/api/client.ts';

export interface ProductListParams {
  pageNum: number;
  pageSize?: number;
  categoryId?: number;
  sort?: ProductSort;
}

export const homeApi = {
  banners: () => get('home/banner'),
  menu: () => get('home/menu'),
  activity: () => get('home/activity'),
  popup: () => get('home/popup'),
  classification: () => get('home/classification'),
  barrage: () => get('home/barrage'),
  unreadAndCartCount: () => get('home/unreadAndCartCount'),
};

export const goodsApi = {
  list: ({ pageNum, pageSize = 10, categoryId, sort = 'default' }: ProductListParams) =>
    get('goods/list', { pageNum, pageSize, categoryId, sort }),
};
