import type { ApiBody } from '@chaopin/contracts';
import { API_BASE, REQUEST_TIMEOUT_MS } from '@chaopin/contracts';
import { toast } from './notify.ts';
import { storage } from './storage.ts';

export type Primitive = string | number | boolean;
export type Params = Record<string, Primitive | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** GET: query string; POST: form-encoded body (what the original client sends). */
  data?: Params;
  /**
   * POST a JSON body instead of a form (a body with arrays of objects or nulls, which a form
   * cannot carry, e.g. a live room's whole shelf). Ignored for GET and uploads.
   */
  json?: unknown;
  /** Multipart upload: the file goes under `field`, `data` entries become extra fields. */
  file?: { field: string; blob: Blob; filename?: string };
  timeoutMs?: number;
  /**
   * A captcha ticket for this request only (e.g. a flash purchase's solved challenge): sent in the
   * `ticket` header instead of the stored one.
   */
  ticket?: string;
  /** A TOKEN for this request only: the logout of a session already forgotten here. */
  token?: string;
}

export const NETWORK_MESSAGES = {
  offline: '请检查当前网络连接',
  failed: '网络异常，请稍后重试',
  timeout: '请求超时，请稍后重试',
} as const;

/** A request that never got an answer (offline, DNS, reset, timeout). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly reason: 'offline' | 'failed' | 'timeout',
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `${API_BASE}/${path}`;
}

function toSearchParams(data: Params | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params;
}

function authHeaders(ticketOverride?: string, tokenOverride?: string): Record<string, string> {
  const headers: Record<string, string> = { device: '1' };
  const token = tokenOverride || storage.getToken();
  if (token) headers.TOKEN = token;
  const ticket = ticketOverride || storage.getTicket();
  if (ticket) headers.ticket = ticket;
  return headers;
}

/**
 * The product's request helper (SPEC §7). Resolves with the response body — the `{code,msg,data}`
 * envelope — for every answer, including 4xx/5xx errors, which carry the same envelope. Rejects only
 * when no answer arrived, after telling the user about the network state.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiBody<T>> {
  const method = options.file ? 'POST' : (options.method ?? 'GET');
  const headers = authHeaders(options.ticket, options.token);
  let url = apiUrl(path);
  let body: BodyInit | undefined;

  if (options.file) {
    const form = new FormData();
    for (const [key, value] of toSearchParams(options.data)) form.append(key, value);
    form.append(options.file.field, options.file.blob, options.file.filename ?? 'upload');
    body = form; // the browser sets the multipart boundary itself
  } else if (method === 'GET') {
    const query = toSearchParams(options.data).toString();
    if (query) url += (url.includes('?') ? '&' : '?') + query;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else {
    body = toSearchParams(options.data);
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);

  let response: Response;
  try {
    const early = method === 'GET' ? takeEarly(url, headers) : undefined;
    response = await (early
      ? abortable(early, controller.signal)
      : fetch(url, { method, headers, body, signal: controller.signal }));
  } catch (cause) {
    clearTimeout(timer);
    throw networkFailure(timedOut ? 'timeout' : undefined, cause);
  }

  try {
    const text = await response.text();
    return parseBody<T>(text, response.status);
  } catch (cause) {
    // The body stream broke or the timer fired while reading it.
    throw networkFailure(timedOut ? 'timeout' : undefined, cause);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An answer index.html already asked for (a visitor's first screen, fetched beside the app's
 * scripts): taken once, for the same URL, when this request carries no credentials either.
 */
export function takeEarly(
  url: string,
  headers: Record<string, string>,
): Promise<Response> | undefined {
  if (headers.TOKEN || headers.ticket) return undefined;
  const early = (globalThis as { __early?: Record<string, Promise<Response>> }).__early;
  const answer = early?.[url];
  if (answer) delete early[url];
  return answer;
}

/** The answer, or a rejection when the request's timer aborts first. */
function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

function networkFailure(reason: 'timeout' | undefined, cause: unknown): NetworkError {
  const kind =
    reason ??
    (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'failed');
  const message = NETWORK_MESSAGES[kind];
  toast(message);
  const error = new NetworkError(message, kind);
  error.cause = cause;
  return error;
}

/** A gateway page (HTML) instead of JSON still becomes an envelope, so callers have one shape. */
function parseBody<T>(text: string, status: number): ApiBody<T> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) return parsed as ApiBody<T>;
  } catch {
    /* not JSON: fall through */
  }
  return {
    code: status >= 400 ? status : 500,
    msg: '服务器开小差了，请稍后再试',
    error: 'INTERNAL',
    data: null,
  };
}
