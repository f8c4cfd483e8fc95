import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type UserRow = ApiData<'admin/user/list'>['list'][number];
export type UserDetail = ApiData<'admin/user/detail'>;
export type RevealField = 'phone' | 'idCard';

export const loadUser = (id: number) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/user/detail', { params: { query: { id } } }));

/** The full phone or ID number (user.pii): the server writes the look into the audit log. */
export const revealUser = (id: number, field: RevealField) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/user/reveal', { params: { query: { id, field } } }));

export const banUser = (body: ApiRequestBody<'admin/user/ban'>) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/user/ban', { body }));
export const unbanUser = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/user/unban', { body: { id } }));
export const unlockPayPassword = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/user/unlockPayPassword', { body: { id } }));
export const resetRealName = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/user/resetRealName', { body: { id } }));
export const markTest = (id: number, test: boolean) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/user/markTest', { body: { id, test } }));
