import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type CategoryNode = ApiData<'admin/category/list'>['list'][number];
export type CategorySaveBody = ApiRequestBody<'admin/category/save'>;

export const categoryTree = () => typed(api.GET('/chaopin-boot/api/v1/admin/category/list'));

export const saveCategory = (body: CategorySaveBody) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/category/save', { body }));

/** Reorders one level: every sibling under `parentId` (null: the first level), in order. */
export const sortCategories = (parentId: number | null, ids: number[]) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/category/sort', { body: { parentId, ids } }));

export const deleteCategory = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/category/delete', { body: { id } }));
