/**
 * The in-app web view opens only our own pages or https ones: no javascript:/data: URLs and no
 * plain-http pages of other sites. Answers the absolute URL to load, and whether it is ours.
 */
export function webLinkTarget(
  raw: string | null,
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
  if (url.protocol === 'https:') return { url: url.href, sameOrigin: false };
  return null;
}

/**
 * The frame's sandbox. An outside https page keeps its own origin (cookies, storage of its own;
 * the browser keeps it apart from ours). A page of ours runs without its origin, so that it
 * cannot reach the app's storage (the session token) through the shared origin.
 */
export function webLinkSandbox(sameOrigin: boolean): string {
  const base = 'allow-scripts allow-forms allow-popups';
  return sameOrigin ? base : `${base} allow-same-origin`;
}
