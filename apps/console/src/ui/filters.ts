import type { CrudFilter } from '@refinedev/core';

/** The value of a list's `eq` (or `contains`) filter on a field, if set. */
export function filterValue(filters: readonly CrudFilter[], field: string): string | undefined {
  const found = filters.find((f) => 'field' in f && f.field === field);
  if (!found || !('field' in found)) return undefined;
  const value = found.value as unknown;
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** A server error's Chinese msg (the envelope's `msg`), or a fallback. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后重试'): string {
  if (typeof error === 'object' && error && 'message' in error) {
    const text = String((error as { message: unknown }).message);
    if (text) return text;
  }
  return fallback;
}

/** A server error's catalogue id (e.g. NOTICE_TITLE_INVALID), when it has one. */
export function errorId(error: unknown): string | undefined {
  if (typeof error === 'object' && error && 'error' in error) {
    const id = (error as { error: unknown }).error;
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}
