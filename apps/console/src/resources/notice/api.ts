import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type NoticeRow = ApiData<'admin/notice/list'>['list'][number];
export type NoticeState = NoticeRow['state'];
export type NoticeSave = ApiRequestBody<'admin/notice/save'>;

/** 发布 (publishAt null: now), 定时发布 (a future publishAt), or change a scheduled one (`id`). */
export const saveNotice = (body: NoticeSave) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/notice/save', { body }));

/** 撤回: readers stop seeing it. */
export const withdrawNotice = (id: number) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/notice/withdraw', { body: { id } }));
