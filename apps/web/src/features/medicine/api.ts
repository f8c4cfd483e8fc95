import type { MyVisitsQuery, VisitBody } from '@chaopin/contracts';
import { get, post, postJson } from '../../core/api/client.ts';

/** 在线复诊开药: 明星药师, 复诊申请 and their prescriptions. */
export const medicineApi = {
  pharmacists: (pageNum: number, pageSize: number) =>
    get('medicine/pharmacists', { pageNum, pageSize }),
  /** A JSON body (the image list); a resubmit with the same clientKey answers the same request. */
  submit: (body: VisitBody) => postJson('medicine/visit/submit', body),
  visits: (q: MyVisitsQuery) =>
    get('medicine/visits', {
      pageNum: q.pageNum ?? 1,
      pageSize: q.pageSize ?? 10,
      ...(q.status ? { status: q.status } : {}),
    }),
  visit: (id: number) => get('medicine/visit', { id }),
  cancel: (id: number) => post('medicine/visit/cancel', { id }),
  /** 药师工作台: the requests waiting for me (`pharmacist` false for everyone else). */
  desk: (pageNum: number, pageSize: number) => get('medicine/desk', { pageNum, pageSize }),
};
