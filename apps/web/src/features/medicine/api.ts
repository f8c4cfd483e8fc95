import type { MyVisitsQuery, VisitBody, VisitStatus } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get, post, postJson } from '../../core/api/client.ts';
import { deskKey, fetchDesk } from '../../ui/medicine/deskQuery.ts';
import { chatRoomPath } from '../../ui/paths.ts';

export { deskQuery } from '../../ui/medicine/deskQuery.ts';

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
  desk: fetchDesk,
};

export const medicineKeys = {
  allVisits: ['medicine', 'visits'] as const,
  all: ['medicine'] as const,
  pharmacists: ['medicine', 'pharmacists'] as const,
  visits: (status: VisitStatus | 'all') => ['medicine', 'visits', status] as const,
  visit: (id: number) => ['medicine', 'visit', id] as const,
  desk: deskKey,
};

const PAGE_SIZE = 10;
const nextPage = (last: { pageNum: number; pageSize: number; total: number }) =>
  last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;

export const pharmacistsQuery = () =>
  infiniteQueryOptions({
    queryKey: medicineKeys.pharmacists,
    queryFn: ({ pageParam }) => medicineApi.pharmacists(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** A pharmacist may handle a request at any time: a status is refetched whenever it shows. */
export const visitsQuery = (status: VisitStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: medicineKeys.visits(status),
    queryFn: ({ pageParam }) =>
      medicineApi.visits({
        pageNum: pageParam,
        pageSize: PAGE_SIZE,
        ...(status === 'all' ? {} : { status }),
      }),
    initialPageParam: 1,
    staleTime: 0,
    getNextPageParam: nextPage,
  });

export const visitQuery = (id: number) =>
  queryOptions({
    queryKey: medicineKeys.visit(id),
    queryFn: () => medicineApi.visit(id),
    staleTime: 0,
  });

/** The chat with a pharmacist, who answers from their own app account. */
export const pharmacistChatPath = (chatUserId: string) => chatRoomPath(`C2C${chatUserId}`);
