import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

export type ReportRow = ApiData<'admin/report/list'>['list'][number];
export type ReportStatus = ReportRow['status'];
export type ReportDecision = ApiRequestBody<'admin/report/handle'>;

/** 成立 / 不成立 with a note; a report is decided once. */
export const handleReport = (body: ReportDecision) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/report/handle', { body }));
