import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';

/**
 * Runs a row's action (同意, 驳回, 开具…): one at a time per key, the list reloaded after it, a
 * success message, or the server's Chinese msg when it refuses (e.g. the row moved on meanwhile).
 */
export function useRowAction(resource: string) {
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [running, setRunning] = useState<string | null>(null);

  async function run(key: string, done: string, action: () => Promise<unknown>): Promise<boolean> {
    setRunning(key);
    try {
      await action();
      open?.({ type: 'success', message: done, key: `${resource}-${key}` });
      return true;
    } catch (error) {
      const message =
        typeof error === 'object' && error && 'message' in error ? String(error.message) : '';
      open?.({ type: 'error', message: '操作失败', description: message || '请稍后重试' });
      return false;
    } finally {
      setRunning(null);
      await invalidate({ resource, invalidates: ['list', 'detail'] });
    }
  }

  return { run, running };
}
