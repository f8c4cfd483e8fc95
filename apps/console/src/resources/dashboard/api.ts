import type { ApiData, ApiQuery } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type DashboardQuery = ApiQuery<'admin/dashboard/summary'>;
export type DashboardRange = NonNullable<DashboardQuery['range']>;
export type Summary = ApiData<'admin/dashboard/summary'>;
export type Period = Summary['current'];
export type Series = ApiData<'admin/dashboard/hourly'>;
export type Funnel = ApiData<'admin/dashboard/funnel'>;
export type TopProducts = ApiData<'admin/dashboard/topProducts'>;
export type StoreOption = ApiData<'admin/dashboard/stores'>[number];

const query = (q: DashboardQuery) => ({ params: { query: q } });

export const loadSummary = (q: DashboardQuery) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dashboard/summary', query(q)));
export const loadSeries = (q: DashboardQuery) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dashboard/hourly', query(q)));
export const loadFunnel = (q: DashboardQuery) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dashboard/funnel', query(q)));
export const loadTopProducts = (q: DashboardQuery) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dashboard/topProducts', query(q)));
/** The stores the operator may pick (by name or id). */
export const loadStores = (q: string) =>
  typed(
    api.GET('/chaopin-boot/api/v1/admin/dashboard/stores', {
      params: { query: q ? { q } : {} },
    }),
  );
