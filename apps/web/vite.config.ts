import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { outDirOf, precacheShellOnly, prefetchList } from './scripts/first-load.ts';
import { inlineEntryCss } from './scripts/inline-css.ts';
import { startAfterFirstPaint } from './scripts/start-after-paint.ts';

const SERVER = 'http://127.0.0.1:8080';
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const outDir = outDirOf();

/**
 * SPEC §2's preload rules: the sub-packages a user is likely to open from the home and live pages.
 * Their chunks are listed in /prefetch.json and hinted (`<link rel="prefetch">`, fetched at the
 * lowest priority, not run) once the page is idle on a connection that is not slow or saving data.
 */
const PREFETCH_PAGES = [
  'features/category/pages/CategoryPage.tsx',
  'features/live/pages/LivePage.tsx',
  'features/live/pages/LivePlayPage.tsx',
  'features/user/pages/MyPage.tsx',
  'features/cart/pages/CartPage.tsx',
  'features/auth/pages/LoginPage.tsx',
  'features/goods/pages/ProductDetailPage.tsx',
  'features/search/pages/SearchPage.tsx',
];

/**
 * Page families whose first page is opened cold (a shared link, a search result): the modules that
 * page imports statically beyond the first load and shares with other lazy pages go into one chunk
 * per family, instead of rolldown's small shared chunks (an icon, a hook, a helper, each shared by
 * a different set of pages). Each file is a round trip on a phone over HTTP/1.1: a cold product
 * page fetches 2 scripts instead of 10. Other pages that use one of those modules load the whole
 * family chunk (a few KB more, and usually fewer files).
 */
const PAGE_FAMILIES: Record<string, string> = {
  goods: 'features/goods/pages/ProductDetailPage.tsx',
  // The live room, the live tab and 我的 are main pages too (issue 31): a cold live room fetched
  // 53 small files. A module two families share stays in the first one listed.
  room: 'features/live/pages/LivePlayPage.tsx',
  live: 'features/live/pages/LivePage.tsx',
  my: 'features/user/pages/MyPage.tsx',
};

/**
 * A module importing more than this many is a package's index (antd-mobile's, its icons', our
 * contracts'), of which a page uses a few exports: the family does not follow it (it would take
 * every component any page uses). Smaller indexes are followed (react-query's 19: its mutation
 * hook, which most lazy pages use, is the only part outside the first load).
 */
const BARREL_IMPORTS = 20;

/** The `name` of a rolldown group: the family whose first page statically imports the module. */
function pageFamilyOf(): Rolldown.CodeSplittingNameFunction {
  // Filled on the first call of a chunking pass (the module graph is complete by then).
  let families: Map<string, string> | null = null;
  let graph: Rolldown.ChunkingContext['getModuleInfo'] | null = null;
  return (id, ctx) => {
    if (graph !== ctx.getModuleInfo) families = null;
    graph = ctx.getModuleInfo;
    if (!families) {
      families = new Map();
      for (const [family, page] of Object.entries(PAGE_FAMILIES)) {
        const root = fileURLToPath(new URL(page, `file://${SRC}`));
        const reached = new Set<string>();
        const todo = [...(ctx.getModuleInfo(root)?.importedIds ?? [])];
        while (todo.length) {
          const next = todo.pop() as string;
          if (reached.has(next) || next === root) continue;
          const imported = ctx.getModuleInfo(next)?.importedIds ?? [];
          if (imported.length > BARREL_IMPORTS) continue;
          reached.add(next);
          todo.push(...imported);
        }
        for (const module of reached) {
          // What only the page imports stays in the page's own chunk; stylesheets stay with the
          // pages that import them (a family chunk is loaded by many other pages). Modules of the
          // first load are taken by its group first (higher priority).
          const importers = ctx.getModuleInfo(module)?.importers ?? [];
          if (module.endsWith('.css') || importers.every((i) => i === root)) continue;
          if (!families.has(module)) families.set(module, family);
        }
      }
    }
    return families.get(id) ?? null;
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    outDir.plugin,
    prefetchList(SRC, PREFETCH_PAGES, {
      category: 'features/category/pages/CategoryPage.tsx',
      product: 'features/goods/pages/ProductDetailPage.tsx',
      live: 'features/live/pages/LivePage.tsx',
      room: 'features/live/pages/LivePlayPage.tsx',
      my: 'features/user/pages/MyPage.tsx',
    }),
    inlineEntryCss(),
    startAfterFirstPaint(),
    VitePWA({
      registerType: 'autoUpdate',
      // main.tsx registers the service worker once the page is idle (not at the load event, when
      // its install would compete with the first screen's images and data).
      injectRegister: false,
      includeAssets: ['icon.svg', 'default-image.svg'],
      manifest: {
        name: '潮品直播',
        short_name: '潮品直播',
        description: '边看直播边购物的潮流好物商城',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#FF0135',
        background_color: '#f5f5f5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Only the shell is precached: index.html and what it loads, which the first load has just
        // put in the HTTP cache (so installing fetches nothing new), and the icons. Lazy chunks and
        // emoji are cached when first used. API answers are per-user and live, so the service
        // worker never serves /chaopin-boot/ (or uploads) from a cache.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        manifestTransforms: [precacheShellOnly(outDir.get)],
        // Everything under static/ has a content hash in its name: no cache-busting query needed.
        dontCacheBustURLsMatching: /^static\//,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (url.pathname.startsWith('/static/') || url.pathname.startsWith('/emoji/')),
            handler: 'CacheFirst',
            options: {
              cacheName: 'chaopin-static',
              expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/chaopin-boot\//,
          /^\/uploads\//,
          /^\/healthz/,
          /^\/sandbox\//,
          /^\/s\//,
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    // One React for the app and every library (root package.json pins 19 through overrides).
    dedupe: ['react', 'react-dom'],
  },
  build: {
    manifest: true,
    // Every browser the app supports (ES2020+, hash router, service worker) has native
    // modulepreload: the polyfill would only add bytes to the home route.
    modulePreload: { polyfill: false },
    // The server serves its own seed/demo images under /assets/, so the build uses /static/.
    assetsDir: 'static',
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The contracts package declares typebox schemas at module level; the app only needs its
        // types and constants, so let unused schema code (and typebox) drop out of the bundle.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Lazy chunks are named by hash only: the entry lists every chunk it may preload, and page
        // names in those ~80 file names cost the home route ~1 KB gzipped for nothing.
        chunkFileNames: 'static/[hash].js',
        codeSplitting: {
          // A group takes only the modules it names, not their whole dependency trees: otherwise
          // the lazily loaded toast chunk swallows antd-mobile's shared utilities, and the entry has to
          // import it (and its animation library) statically.
          includeDependenciesRecursively: false,
          groups: [
            // Everything the home route imports statically in two files (packages, our code)
            // instead of ~30 small shared chunks: each file is a round trip on a phone over HTTP/1.1.
            {
              // Packages and the compiler's helpers (virtual `\0` modules) in one, our code in the other.
              name: (id) => (/[\\/]node_modules[\\/]|^\0/.test(id) ? 'vendor' : 'app'),
              debugName: 'first-load',
              tags: ['$initial'],
              priority: 10,
            },
            // Animation/gesture libraries only used by lazy pages and the lazily loaded toast.
            // (Above the home route's group: antd-mobile's index reaches them, the home route does not.)
            {
              name: 'motion',
              test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/,
              priority: 20,
            },
            // Toast (with its animated mask) is loaded on first use; keep it out of shared chunks.
            {
              name: 'toast',
              test: /antd-mobile[\\/]es[\\/](components[\\/](toast|mask|auto-center|spin-loading)[\\/]|utils[\\/]reduce-and-restore-motion)/,
              priority: 20,
            },
            // What a family's first page needs beyond the first load, in one file (PAGE_FAMILIES).
            // Below the groups above: modules of the first load stay there.
            { name: pageFamilyOf(), debugName: 'page-families', priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    host: true,
    proxy: {
      '/chaopin-boot': { target: SERVER, changeOrigin: true },
      '/uploads': { target: SERVER, changeOrigin: true },
      // Live rooms: the chat socket and the video (WS-FLV, HTTP-FLV, replays).
      '/im/live': { target: SERVER, changeOrigin: true, ws: true },
      '/live/': { target: SERVER, changeOrigin: true, ws: true },
    },
  },
});
