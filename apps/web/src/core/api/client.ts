import type { ApiBody, OkBody } from '@chaopin/contracts';
import { type Params, type RequestOptions, request } from '../request.ts';

/** An answer whose code is not 1. `msg` is the Chinese text fit for a toast. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** Stable id from the contracts' error catalogue, e.g. SMS_CODE_WRONG. */
    readonly errorId: string,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {};

/** The session registers this so that any 401 logs the app out (token expired elsewhere). */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

// ErrorBody's code is a plain number, so `code === 1` alone does not narrow the union.
function isOk<T>(body: ApiBody<T>): body is OkBody<T> {
  return body.code === 1;
}

export function unwrap<T>(body: ApiBody<T>): T {
  if (isOk(body)) return body.data;
  const errorId = 'error' in body && typeof body.error === 'string' ? body.error : 'UNKNOWN';
  if (body.code === 401) onUnauthorized();
  throw new ApiError(body.code, body.msg || '操作失败，请稍后重试', errorId);
}

export async function get<T>(path: string, query?: Params): Promise<T> {
  return unwrap(await request<T>(path, { method: 'GET', data: query }));
}

/** `options.ticket` / `options.token`: for this call only (see RequestOptions). */
export async function post<T>(
  path: string,
  body?: Params,
  options: Pick<RequestOptions, 'ticket' | 'token'> = {},
): Promise<T> {
  return unwrap(await request<T>(path, { method: 'POST', data: body, ...options }));
}

/** A POST with a JSON body (arrays of objects, nulls): see RequestOptions.json. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return unwrap(await request<T>(path, { method: 'POST', json: body }));
}

export async function upload<T>(path: string, field: string, blob: Blob, filename?: string) {
  return unwrap(await request<T>(path, { file: { field, blob, filename } }));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
