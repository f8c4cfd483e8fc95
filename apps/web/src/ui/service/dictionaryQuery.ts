import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// The invoice form and the service pages (反馈, 举报, 联系我们) pick from the same dictionaries;
// service/api.ts keeps serviceApi.dictionary on this call, invoice/api.ts re-exports the query.

export const fetchDictionary = (code: string) => get('common/dictionary', { code });

/** Dictionaries change rarely: keep them for the session. */
export const dictionaryQuery = (code: string) =>
  queryOptions({
    queryKey: ['dictionary', code] as const,
    queryFn: () => fetchDictionary(code),
    staleTime: 30 * 60_000,
  });
