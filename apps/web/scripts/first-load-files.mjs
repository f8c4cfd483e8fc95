// The files index.html makes the browser fetch at once: scripts, module preloads and stylesheets
// (paths without the leading slash). Shared by the bundle budget and the service worker config.
export function firstLoadFiles(html) {
  const files = new Set();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+)"[^>]*>/g)) {
    const tag = m[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    // A disabled stylesheet is not fetched (scripts/inline-css.ts: its rules are inline).
    if (/\sdisabled\b/.test(tag)) continue;
    if (tag.startsWith('<script') || rel === 'modulepreload' || rel === 'stylesheet')
      files.add(m[1]);
  }
  return [...files];
}
