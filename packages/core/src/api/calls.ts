import { API_BASE } from '@chaopin/contracts';
import type { ApiClient } from './client.ts';
import type { ApiData, ApiPath, ApiQuery, ApiRequestBody } from './operations.ts';

/** An answer whose code is not 1: `msg` is the Chinese text fit for a toast. */
export class ApiCallError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** The error catalogue's stable id (packages/contracts), e.g. GOODS_NOT_FOUND. */
    readonly errorId: string,
  ) {
    super(msg);
    this.name = 'ApiCallError';
  }
}

const FALLBACK_MSG = '网络异常，请稍后重试';

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  error?: unknown;
}

function unwrap<T>(status: number, body: unknown): T {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Envelope;
  if (envelope.code === 1) return envelope.data as T;
  const code = typeof envelope.code === 'number' ? envelope.code : status || 500;
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : FALLBACK_MSG;
  const errorId = typeof envelope.error === 'string' ? envelope.error : 'UNKNOWN';
  throw new ApiCallError(code, msg, errorId);
}

// openapi-fetch types each path's params precisely; these helpers take the relative path of
// operations.ts instead, so the call is re-typed once here.
type LooseClient = {
  GET(url: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  POST(url: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

/**
 * `get('home/banner')` and `post('cart/add', body)` over the typed client: the path is one the
 * server's document declares (relative to API_BASE) and the answer is its success `data`;
 * any other answer throws an ApiCallError with the server's msg and error id.
 */
export function createApiCalls(client: ApiClient) {
  const loose = client as unknown as LooseClient;
  return {
    async get<P extends ApiPath<'get'>>(path: P, query?: ApiQuery<P>): Promise<ApiData<P>> {
      const { data, error, response } = await loose.GET(`${API_BASE}/${path}`, {
        params: { query },
      });
      return unwrap(response.status, data ?? error);
    },
    async post<P extends ApiPath<'post'>>(
      path: P,
      body?: ApiRequestBody<P>,
    ): Promise<ApiData<P, 'post'>> {
      const { data, error, response } = await loose.POST(`${API_BASE}/${path}`, {
        body: body ?? {},
      });
      return unwrap(response.status, data ?? error);
    },
  };
}

export type ApiCalls = ReturnType<typeof createApiCalls>;
