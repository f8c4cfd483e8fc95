import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/** Where a platform keeps the session and the captcha proof (localStorage, wx storage, …). */
export interface CredentialStore {
  token(): string | null | undefined;
  ticket(): string | null | undefined;
}

/** What the client needs from the platform it runs on. */
export interface ApiAdapters {
  /** The server's origin: '' on the web (same origin), the API host in the mini-program. */
  baseUrl: string;
  /** The platform's transport (defaults to globalThis.fetch); the mini-program wraps wx.request. */
  fetch?: (request: Request) => Promise<Response>;
  credentials: CredentialStore;
}

export type ApiClient = Client<paths>;

/** SPEC §7's headers on every request: `device: 1`, the session's TOKEN and the captcha ticket. */
function authHeaders(credentials: CredentialStore): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('device', '1');
      // A header set on the call itself (a one-off ticket, a forgotten session's logout) wins.
      const token = credentials.token();
      if (token && !request.headers.has('TOKEN')) request.headers.set('TOKEN', token);
      const ticket = credentials.ticket();
      if (ticket && !request.headers.has('ticket')) request.headers.set('ticket', ticket);
      return request;
    },
  };
}

/**
 * A typed client of the server's OpenAPI document (openapi-fetch over the generated `paths`),
 * platform-free: the web app and the mini-program give it their transport and storage.
 * Every answer is the `{ code, msg, data }` envelope, an error's too.
 */
export function createApiClient(adapters: ApiAdapters): ApiClient {
  const client = createClient<paths>({
    baseUrl: adapters.baseUrl,
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
  });
  client.use(authHeaders(adapters.credentials));
  return client;
}
