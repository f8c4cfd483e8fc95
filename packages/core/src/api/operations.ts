import type { API_BASE } from '@chaopin/contracts';
import type { paths } from './schema';

/** The document's paths under the product API, relative to it: `farm/home` for `${API_BASE}/farm/home`. */
type Relative<K> = K extends `${typeof API_BASE}/${infer Rest}` ? Rest : never;

export type ApiMethod = 'get' | 'post';

/** A product API path (relative to API_BASE) that answers the method. */
export type ApiPath<M extends ApiMethod> = {
  [K in keyof paths]: NonNullable<paths[K][M]> extends never ? never : Relative<K>;
}[keyof paths];

/** The operation object the server declares for the path and method. */
export type Operation<P extends ApiPath<M>, M extends ApiMethod> = NonNullable<
  paths[`${typeof API_BASE}/${P}` & keyof paths][M]
>;

/** The query string an operation takes (an empty object when it takes none). */
export type ApiQuery<P extends ApiPath<M>, M extends ApiMethod = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } }
    ? [Q] extends [never | undefined]
      ? Record<string, never>
      : NonNullable<Q>
    : Record<string, never>;

/** The body an operation takes (its JSON form; the server accepts the same fields as a form). */
export type ApiRequestBody<P extends ApiPath<'post'>> =
  Operation<P, 'post'> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : Record<string, never>;

/** The `data` of the operation's success answer (`code: 1`). */
export type ApiData<P extends ApiPath<M>, M extends ApiMethod = 'get'> =
  Operation<P, M> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : unknown;
