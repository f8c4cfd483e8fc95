import type { ApiQuery } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type EditableDictionary = ApiQuery<'admin/dictionary'>['code'];

/** An editable dictionary (联系我们, 反馈类型, 举报原因), in order. */
export const loadDictionary = (code: EditableDictionary) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/dictionary', { params: { query: { code } } }));

/** Replaces the dictionary's rows (in this order). */
export const saveDictionary = (
  code: EditableDictionary,
  items: { label: string; value: string }[],
) => typed(api.POST('/chaopin-boot/api/v1/admin/dictionary/save', { body: { code, items } }));
