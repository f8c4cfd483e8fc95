import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type StaffRow = ApiData<'admin/staff/list'>['list'][number];
export type StaffSave = ApiRequestBody<'admin/staff/save'>;
export type RoleCatalogue = ApiData<'admin/role/list'>;

export const loadRoles = () => typed(api.GET('/chaopin-boot/api/v1/admin/role/list'));

/** 添加 (a registered phone) or 调整 (`id`) a store's 商家 / 店员 / 客服. */
export const saveStaff = (body: StaffSave) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/staff/save', { body }));

export const removeStaff = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/staff/delete', { body: { id } }));

/** A store's name by id (the public store page's data), to confirm the operator's pick. */
export const storeName = async (id: number) =>
  (await typed(api.GET('/chaopin-boot/api/v1/store/detail', { params: { query: { id } } }))).name;

export type OperatorPage = ApiData<'admin/operator/list'>;
export type OperatorRow = OperatorPage['list'][number];

export const loadOperators = (pageNum: number, pageSize: number) =>
  typed(
    api.GET('/chaopin-boot/api/v1/admin/operator/list', {
      params: { query: { pageNum, pageSize } },
    }),
  );

/** 设为平台运营: a registered phone. */
export const addOperator = (phone: string) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/operator/save', { body: { phone } }));

/** 移除平台运营 (the account stays a shopper). */
export const removeOperator = (userId: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/operator/delete', { body: { userId } }));
