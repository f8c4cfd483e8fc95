import type { ApiBody as Envelope, OkBody } from '@chaopin/contracts';
import type { ApiData, ApiPath, ApiQuery, ApiRequestBody } from '@chaopin/core';
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
function isOk<T>(body: Envelope<T>): body is OkBody<T> {
  return body.code === 1;
}

export function unwrap<T>(body: Envelope<T>): T {
  if (isOk(body)) return body.data;
  const errorId = 'error' in body && typeof body.error === 'string' ? body.error : 'UNKNOWN';
  if (body.code === 401) onUnauthorized();
  throw new ApiError(body.code, body.msg || '操作失败，请稍后重试', errorId);
}

/**
 * The typed calls: the path must be one the server's OpenAPI document declares (relative to
 * API_BASE), the query or body is that operation's, and the answer is its success `data`
 * (packages/core's generated schema). `request()` stays the transport underneath.
 */
export async function get<P extends ApiPath<'get'>>(
  path: P,
  query?: Nullable<ApiQuery<P>>,
): Promise<ApiData<P>> {
  return unwrap(await request<ApiData<P>>(path, { method: 'GET', data: asParams(query) }));
}

/**
 * A form-encoded POST (what the original client sends). `options.ticket` / `options.token`: for
 * this call only (see RequestOptions).
 */
export async function post<P extends ApiPath<'post'>>(
  path: P,
  body?: Nullable<ApiRequestBody<P>>,
  options: Pick<RequestOptions, 'ticket' | 'token'> = {},
): Promise<ApiData<P, 'post'>> {
  return unwrap(
    await request<ApiData<P, 'post'>>(path, { method: 'POST', data: asParams(body), ...options }),
  );
}

/** A POST with a JSON body (arrays of objects, nulls): see RequestOptions.json. */
export async function postJson<P extends ApiPath<'post'>>(
  path: P,
  body: ApiRequestBody<P>,
): Promise<ApiData<P, 'post'>> {
  return unwrap(await request<ApiData<P, 'post'>>(path, { method: 'POST', json: body }));
}

/** A multipart upload; the file's field is not in the document (fastify-multipart reads it). */
export async function upload<P extends ApiPath<'post'>>(
  path: P,
  field: string,
  blob: Blob,
  filename?: string,
): Promise<ApiData<P, 'post'>> {
  return unwrap(await request<ApiData<P, 'post'>>(path, { file: { field, blob, filename } }));
}

/** A field the caller leaves out may also be passed as null (the query and form skip it). */
type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * The query and the form body are flat: an object of the schema's scalars, which
 * `request()` encodes (null and undefined skipped).
 */
function asParams(fields: object | undefined): Params | undefined {
  return fields as Params | undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
