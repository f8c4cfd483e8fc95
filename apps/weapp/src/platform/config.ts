// Taro inlines TARO_APP_* from .env.development / .env.production at build time.
export const API_ORIGIN = process.env.TARO_APP_API_ORIGIN ?? '';
export const WEB_ORIGIN = process.env.TARO_APP_WEB_ORIGIN ?? API_ORIGIN;

/** The web build's URL of an app path (its router is hash-based, base /). */
export function webPageUrl(path: string, params: [string, string][] = []): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `${WEB_ORIGIN}/#${absolute}${query.length ? `?${query.join('&')}` : ''}`;
}
