import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './filters.ts';

/**
 * Loads what a page shows outside refine's lists (a rule page list, a dictionary, the role
 * catalogue): the data, whether it is loading, the server's msg when it failed, and `reload`.
 * `key` names what the load depends on (it loads again when the key changes).
 */
export function useLoad<T>(load: () => Promise<T>, key = '') {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what `load` reads
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await load());
      setError(null);
    } catch (e) {
      setError(errorMessage(e, '加载失败，请稍后重试'));
    } finally {
      setLoading(false);
    }
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, error, reload };
}
