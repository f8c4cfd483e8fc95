import { API_BASE, type ErrorBody } from '@chaopin/contracts';
import { type ApiClient, createApiClient } from '@chaopin/core/api';
import type { HttpError } from '@refinedev/core';
import { session } from './session.ts';

/** A query string's values; `undefined`/`null`/'' are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  error?: string;
}

/** What a refine notification shows: the server's Chinese msg, the HTTP status and the error id. */
export interface ApiError extends HttpError {
  /** The stable id of the error catalogue (packages/contracts), e.g. FORBIDDEN; absent off-envelope. */
  error?: string;
}

export const NETWORK_MSG = '网络异常，请稍后重试';

/** An error answer (or any answer that is not the envelope) as a refine HttpError. */
export function toHttpError(status: number, body: unknown): ApiError {
  const envelope = isEnvelope(body) ? body : null;
  if (envelope && envelope.code !== 1) {
    const error: ApiError = {
      statusCode: envelope.code >= 400 ? envelope.code : status,
      message: envelope.msg,
    };
    if (envelope.error) error.error = envelope.error;
    return error;
  }
  return {
    statusCode: status || 500,
    message:
      status >= 500 || !status
        ? `服务暂时不可用（${status || '无响应'}）`
        : `请求失败（${status}）`,
  };
}

function isEnvelope(body: unknown): body is Envelope<unknown> & Partial<ErrorBody> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    typeof (body as { msg?: unknown }).msg === 'string'
  );
}

/** The `data` of a success envelope; anything else becomes the ApiError it stands for. */
export function unwrap<T>(status: number, body: unknown): T {
  if (isEnvelope(body) && body.code === 1) return body.data as T;
  throw toHttpError(status, body);
}

export type Fetch = (request: Request) => Promise<Response>;

let transportFetch: Fetch = (request) => fetch(request);

/** Tests hand in a fake server. */
export function setFetch(next: Fetch): void {
  transportFetch = next;
}

/** SPEC §7's headers: `device: 1` and the session's TOKEN. */
function headers(json: boolean): Headers {
  const out = new Headers({ device: '1' });
  const token = session.token();
  if (token) out.set('TOKEN', token);
  if (json) out.set('content-type', 'application/json');
  return out;
}

export function apiUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `${API_BASE}/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/**
 * One call of the product API by a path relative to API_BASE (`admin/refund/list`): the data of its
 * success envelope, or a thrown ApiError. For routes the OpenAPI document does not know yet (the
 * generic resources of the data provider); known routes go through `api` below, typed.
 */
export async function call<T>(
  method: Method,
  path: string,
  options: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const hasBody = options.body !== undefined && method !== 'get' && method !== 'head';
  const init: RequestInit = { method: method.toUpperCase(), headers: headers(hasBody) };
  if (hasBody) init.body = JSON.stringify(options.body);
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    (init.headers as Headers).set(key, value);
  }
  let response: Response;
  try {
    response = await transportFetch(new Request(absolute(apiUrl(path, options.query)), init));
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  return unwrap<T>(response.status, await bodyOf(response));
}

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** A Request needs an absolute URL: the page's origin in the browser, a stand-in in tests. */
function absolute(url: string): string {
  const origin = globalThis.location?.origin ?? 'http://console.test';
  return new URL(url, origin).toString();
}

/**
 * The generated, typed client of the OpenAPI document (packages/core), over the same transport
 * and session: resource pages call their known routes through it (`resources/<domain>/api.ts`).
 */
export const api: ApiClient = createApiClient({
  baseUrl: globalThis.location?.origin ?? 'http://console.test',
  fetch: (request) => transportFetch(request),
  credentials: { token: () => session.token(), ticket: () => null },
});

/** The data of a typed client call, or its ApiError (the same mapping as `call`). */
export async function typed<T>(
  pending: Promise<{ data?: { code: number; data?: T }; error?: unknown; response: Response }>,
): Promise<T> {
  let answer: Awaited<typeof pending>;
  try {
    answer = await pending;
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  return unwrap<T>(answer.response.status, answer.data ?? answer.error);
}
