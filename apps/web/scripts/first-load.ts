// Build helpers for the first load on a phone (issue 17 §8): which files the service worker
// precaches, and the list of chunks warmed once the page is idle.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { firstLoadFiles } from './first-load-files.mjs';

/**
 * Workbox precaches only the shell: index.html and what it loads (already in the HTTP cache when
 * the service worker installs, so installing fetches nothing new); the icons are added by
 * vite-plugin-pwa (includeAssets, the web manifest's icons). The lazy
 * chunks are cached by a runtime route when a page first needs them, not all during the first load.
 */
export function precacheShellOnly(dist: () => string): ManifestTransform {
  return async (entries) => {
    const shell = new Set(firstLoadFiles(readFileSync(join(dist(), 'index.html'), 'utf8')));
    // (The icons come in through includeAssets and the web manifest's own entries.)
    const manifest = entries.filter((e) => e.url === 'index.html' || shell.has(e.url));
    return { manifest, warnings: [] };
  };
}

/** The build's output folder, once Vite has resolved its config (for precacheShellOnly). */
export function outDirOf(): { plugin: Plugin; get: () => string } {
  let dir = '';
  return {
    plugin: {
      name: 'chaopin:out-dir',
      configResolved(config) {
        dir = resolve(config.root, config.build.outDir);
      },
    },
    get: () => dir,
  };
}

/**
 * Emits /prefetch.json: the lazy chunks (JS and CSS) of the given pages that the first load did
 * not bring, for main.tsx to hint with `<link rel="prefetch">` once the page is idle (SPEC §2's
 * sub-package preloading). Pages are named by their source file under src/.
 *
 * And fills index.html's `pageChunks` with the chunks of the pages that have a static first screen
 * of their own (category, product, live, live room, 我的): opened cold, such a page's chunks are
 * preloaded beside the entry instead of being discovered only once the entry has run.
 */
export function prefetchList(
  srcDir: string,
  pages: string[],
  shellPages: Record<string, string> = {},
): Plugin {
  return {
    name: 'chaopin:prefetch-list',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const firstLoad = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        const chunk = byFile.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) walk(imported, into);
      };
      for (const c of chunks) if (c.isEntry) walk(c.fileName, firstLoad);
      const missing: string[] = [];
      /** What a page needs beyond the first load, as URLs. */
      const filesOf = (page: string, into = new Set<string>()) => {
        const chunk = chunks.find(
          (c) => c.facadeModuleId && relative(srcDir, c.facadeModuleId) === page,
        );
        if (!chunk) missing.push(page);
        else walk(chunk.fileName, into);
        return into;
      };
      const prefetch = new Set<string>();
      for (const page of pages) filesOf(page, prefetch);
      const urls = (files: Set<string>) =>
        [...files].filter((f) => !firstLoad.has(f)).map((f) => `/${f}`);
      const pageChunks = Object.fromEntries(
        Object.entries(shellPages).map(([shell, page]) => [shell, urls(filesOf(page))]),
      );
      if (missing.length) this.error(`prefetch list: no chunk for ${missing.join(', ')}`);
      this.emitFile({
        type: 'asset',
        fileName: 'prefetch.json',
        source: JSON.stringify(urls(prefetch)),
      });
      const html = bundle['index.html'];
      const marker = 'const pageChunks = {};';
      if (html?.type !== 'asset' || !String(html.source).includes(marker)) {
        this.error(`index.html has no "${marker}" to fill`);
      }
      html.source = String(html.source).replace(
        marker,
        `const pageChunks = ${JSON.stringify(pageChunks)};`,
      );
    },
  };
}
