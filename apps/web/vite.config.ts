import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
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
        // Only the built shell is precached. No runtimeCaching: API answers are per-user and live,
        // so the service worker must never serve /chaopin-boot/ (or uploads) from a cache.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
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
            // Shared React runtime in its own chunk, so it is never folded into a lazy chunk that the
            // entry would then have to import (that dragged animation code into the home route).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Animation/gesture libraries only used by lazy pages and the lazily loaded toast.
            { name: 'motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/ },
            // Toast (with its animated mask) is loaded on first use; keep it out of shared chunks.
            {
              name: 'toast',
              test: /antd-mobile[\\/]es[\\/](components[\\/](toast|mask|auto-center|spin-loading)[\\/]|utils[\\/]reduce-and-restore-motion)/,
            },
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
    },
  },
});
