import type { ApiData, ApiQuery, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type FeedbackRow = ApiData<'admin/feedback/list'>['list'][number];
export type FeedbackStatus = FeedbackRow['status'];
export type FeedbackHandle = ApiRequestBody<'admin/feedback/handle'>;
export type EditableDictionary = ApiQuery<'admin/dictionary'>['code'];

/** 处理: move a feedback along, with a reply the user reads (required to resolve it). */
export const handleFeedback = (body: FeedbackHandle) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/feedback/handle', { body }));

/** The feedback types (an editable dictionary) for the type filter. */
export const loadDictionary = (code: EditableDictionary) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dictionary', { params: { query: { code } } }));
