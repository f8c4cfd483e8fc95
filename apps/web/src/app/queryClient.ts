import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../core/api/client.ts';
import { showToast } from '../ui/toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `toast: false` when the caller shows its own message for a failure. */
    queryMeta: { toast?: boolean };
    mutationMeta: { toast?: boolean };
  }
}

// Network failures were already toasted by the request helper; API errors carry a msg to show.
function toastApiError(error: unknown, meta: { toast?: boolean } | undefined): void {
  if (meta?.toast === false) return;
  if (isApiError(error) && error.code !== 401) showToast(error.msg);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastApiError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => toastApiError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !isApiError(error) && count < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
