import type { ApiData, ApiQuery, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

/** A row of 商品 (`admin/product/list`, read through the data provider). */
export type ProductRow = ApiData<'admin/product/list'>['list'][number];
export type ProductQuery = ApiQuery<'admin/product/list'>;
export type ProductDetail = ApiData<'admin/product/detail'>;
export type ProductSaveBody = ApiRequestBody<'admin/product/save'>;
export type CategoryNode = ApiData<'admin/category/list'>['list'][number];
export type StoreOption = ApiData<'admin/store/options'>[number];

/** 上架/下架 several at once: all or none (one out of reach refuses the batch). */
export const shelfBatch = (ids: number[], on: boolean) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/product/shelfBatch', { body: { ids, on } }));

export const saveProduct = (body: ProductSaveBody) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/product/save', { body }));

/** The stores the signed-in user may pick (a 商家: their own), by name or id. */
export const storeOptions = (q?: string) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/store/options', { params: { query: q ? { q } : {} } }));

export const categoryTree = () => typed(api.GET('/chaopin-boot/api/v1/admin/category/list'));
