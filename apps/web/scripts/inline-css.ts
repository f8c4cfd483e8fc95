// The first load's stylesheets, inlined into index.html (issue 31): two render-blocking files of
// ~2-3 KB each cost a phone a round trip (a new connection over HTTP/1.1) before the first paint.
import type { Plugin } from 'vite';

/**
 * Replaces each `<link rel="stylesheet">` of the built index.html with a `<style>` holding that
 * file. The link stays beside it, `disabled` (a disabled stylesheet is not fetched): Vite's
 * preload helper, when a lazy chunk lists the entry's stylesheet among its dependencies, looks
 * for `link[href=…][rel="stylesheet"]` and would otherwise append the file again, after the
 * pages' own styles, and change the cascade. The emitted .css files stay in dist/.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'chaopin:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const tag = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;
      html.source = String(html.source).replace(tag, (_link, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset')
          this.error(`inline css: index.html links ${file}, not in the bundle`);
        const text = String(css.source).trim();
        if (/<\/style/i.test(text)) this.error(`inline css: ${file} holds "</style"`);
        return `<style data-href="/${file}">${text}</style><link rel="stylesheet" href="/${file}" disabled>`;
      });
    },
  };
}
