import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// 我的 shows the pharmacist's desk entry too. medicine/api.ts keeps medicineKeys.desk and
// medicineApi.desk on these and re-exports the query.

export const deskKey = ['medicine', 'desk'] as const;

export const fetchDesk = (pageNum: number, pageSize: number) =>
  get('medicine/desk', { pageNum, pageSize });

/** New requests arrive at any time: the desk is asked again whenever it shows. */
export const deskQuery = () =>
  queryOptions({
    queryKey: deskKey,
    queryFn: () => fetchDesk(1, 50),
    staleTime: 0,
  });
