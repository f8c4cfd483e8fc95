import { useCallback, useState } from 'react';
import { errorMessage } from './filters.ts';

/**
 * A form's save: busy while it runs, and the server's Chinese refusal kept to show above the form.
 * `onError` may take a refusal for itself (e.g. put it on the field it names) by returning true.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = useCallback(
    async (action: () => Promise<unknown>, onError?: (error: unknown) => boolean) => {
      setBusy(true);
      setFailure(null);
      try {
        await action();
        return true;
      } catch (error) {
        if (!onError?.(error)) setFailure(errorMessage(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  return { busy, failure, submit, clearFailure: useCallback(() => setFailure(null), []) };
}
