import type { WebLinkKey } from '@chaopin/contracts';

/**
 * The in-app web view opens only our own pages or https pages of the operator's allowed hosts: no
 * javascript:/data: URLs, no plain http and no other site. Answers the absolute URL to load, and
 * whether it is ours.
 */
export function webLinkTarget(
  raw: string | null,
  hosts: readonly string[],
  origin: string = globalThis.location?.origin ?? '',
): { url: string; sameOrigin: boolean } | null {
  const text = raw?.trim();
  if (!text || !origin) return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  if (url.origin === origin && /^https?:$/.test(url.protocol)) {
    return { url: url.href, sameOrigin: true };
  }
  if (url.protocol === 'https:' && hosts.includes(url.hostname)) {
    return { url: url.href, sameOrigin: false };
  }
  return null;
}

/**
 * A link to one of the app's own screens (`/#/pages/…`): the web view goes there instead of
 * framing the app inside itself. Answers the route, or null.
 */
export function appRouteOf(target: { url: string; sameOrigin: boolean } | null): string | null {
  if (!target?.sameOrigin) return null;
  const url = new URL(target.url);
  if (url.pathname !== '/' || !url.hash.startsWith('#/')) return null;
  return url.hash.slice(1);
}

/** Which web view a route is (its operator's default link is looked up by this key). */
export const WEB_LINK_ROUTES: Record<string, WebLinkKey> = {
  '/pages/user/webLink': 'user',
  '/pages/user/webLink1': 'user1',
  '/rootPages/integral/webLink': 'integral',
  '/rootPages/MembersPay/webLink': 'members',
  '/pages/userUpgrade/webLink': 'upgrade',
  '/rootPages/mySubscribe/webLink': 'subscribe',
  '/rootPages/tim/webLink': 'tim',
  '/pages/homeNationalday/webLink': 'nationalDay',
};

/**
 * The frame's sandbox. An outside https page keeps its own origin (cookies, storage of its own;
 * the browser keeps it apart from ours). A page of ours runs without its origin, so that it
 * cannot reach the app's storage (the session token) through the shared origin.
 */
export function webLinkSandbox(sameOrigin: boolean): string {
  const base = 'allow-scripts allow-forms allow-popups';
  return sameOrigin ? base : `${base} allow-same-origin`;
}
