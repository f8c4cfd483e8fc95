// The app's scripts start once the static first screen has painted (issue 31). Vite puts the
// entry's `<script type="module">` and its `<link rel="modulepreload">`s in <head>: a phone
// fetches, parses and runs them before it paints anything else that arrived with the HTML.
import type { Plugin } from 'vite';

/**
 * Moves the built index.html's entry script and module preloads into
 * `<template id="first-load">`, where they are inert; index.html's own script at the end of
 * <body> adds them to the document after the first frame (window.__startApp). The tags stay in
 * the HTML as they were, so scripts/first-load-files.mjs (the bundle budget, the service worker's
 * precache) still finds them.
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'chaopin:start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const source = String(html.source);
      const tags =
        /<script type="module" crossorigin src="\/[^"]+"><\/script>|<link rel="modulepreload" crossorigin href="\/[^"]+">/g;
      const found = source.match(tags) ?? [];
      if (!found.some((t) => t.startsWith('<script'))) {
        this.error('start after first paint: index.html has no entry script');
      }
      if (!source.includes('window.__startApp = ')) {
        this.error('start after first paint: index.html has no window.__startApp to add it');
      }
      let first = true;
      html.source = source.replace(tags, () => {
        if (!first) return '';
        first = false;
        return `<template id="first-load">${found.join('')}</template>`;
      });
    },
  };
}
