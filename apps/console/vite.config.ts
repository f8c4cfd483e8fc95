import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://127.0.0.1:8080';

/** A package's folder in a module id (node_modules/<scope>/<name>/…). */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

const ANTD = pkg(
  'antd|@ant-design|@rc-component|rc-[a-z-]+|@ctrl|@emotion|dayjs|classnames|stylis|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|resize-observer-polyfill|json2mq|string-convert|toggle-selection|copy-to-clipboard|@babel',
);

/**
 * Packages that do not declare `sideEffects: false` but have none: antd's rc-* components (their
 * index files re-export every part: antd's ConfigProvider alone would bring all of rc-field-form),
 * and what refine imports at the top of its one-file bundles for features the console does not use
 * (MarkdownField, CSV import/export, plural names, sunflower forms, devtools' stack parsing).
 */
const SIDE_EFFECT_FREE = pkg(
  'rc-[a-z-]+|@rc-component/[a-z-]+|react-markdown|remark-gfm|micromark[^\\\\/]*|mdast-[^\\\\/]*|papaparse|pluralize|sunflower-antd|error-stack-parser|stackframe',
);

/**
 * Imports of antd modules redirected to a lazy equivalent: what a table needs only on a user's
 * action stays out of the first list page.
 */
const LAZY_IMPORTS: { importer: RegExp; source: string; to: string }[] = [
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    to: fileURLToPath(new URL('./src/shims/table-filter-tree.tsx', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    source: '../select',
    to: fileURLToPath(new URL('./src/shims/pagination-size-select.tsx', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    source: './RcTable/VirtualTable',
    to: fileURLToPath(new URL('./src/shims/table-virtual.tsx', import.meta.url)),
  },
];

const lazyImports: Plugin = {
  name: 'console:lazy-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer) return null;
    const hit = LAZY_IMPORTS.find((l) => l.source === source && l.importer.test(importer));
    return hit ? hit.to : null;
  },
};

export default defineConfig({
  // The server serves this build under /console/ (apps/server: CONSOLE_DIST), beside the shop at /.
  base: '/console/',
  plugins: [react(), lazyImports],
  resolve: {
    alias: {
      // refine's query strings: the part of qs it uses (qs.test.ts holds it to qs's answers).
      qs: fileURLToPath(new URL('./src/shims/qs.ts', import.meta.url)),
      pluralize: fileURLToPath(new URL('./src/shims/pluralize.ts', import.meta.url)),
      'resize-observer-polyfill': fileURLToPath(
        new URL('./src/shims/resize-observer.ts', import.meta.url),
      ),
    },
    // One React and one react-router for the app and refine (root package.json pins React 19).
    dedupe: ['react', 'react-dom', 'react-router', '@tanstack/react-query'],
  },
  build: {
    manifest: true,
    modulePreload: { polyfill: false },
    // Hashed files under static/ (immutable caching on the server, as the web app's).
    assetsDir: 'static',
    target: 'es2022',
    chunkSizeWarningLimit: 460,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // Only the contracts' types and constants are used here: their TypeBox schemas drop out.
          { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: SIDE_EFFECT_FREE, sideEffects: false },
        ],
      },
      output: {
        chunkFileNames: 'static/[name]-[hash].js',
        codeSplitting: {
          // A group takes the modules it names, not their dependency trees: antd's shared utilities
          // stay with antd, and a page's own code stays in its lazy chunk.
          includeDependenciesRecursively: false,
          groups: [
            // Charts (uPlot) are not grouped: they split along the dashboard's lazy import of
            // DashboardCharts.tsx.
            {
              name: 'react',
              test: pkg('react|react-dom|react-is|scheduler|react-router'),
              priority: 20,
            },
            {
              name: 'refine',
              test: pkg(
                '@refinedev[\\/](?:core|react-router)|@tanstack|qs|lodash-es|pluralize|papaparse|warn-once|tslib',
              ),
              priority: 20,
            },
            // The antd parts the shell uses (layout, menu, header); what only pages use is split by
            // rolldown along the lazy pages (the login form with the login page, Table with the
            // first list page).
            {
              name: 'antd',
              test: (id: string) => ANTD.test(id) || id.endsWith('resize-observer.ts'),
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/chaopin-boot': { target: SERVER, changeOrigin: true },
      '/uploads': { target: SERVER, changeOrigin: true },
      // The 客服 desk's IM connection.
      '/socket.io': { target: SERVER, changeOrigin: true, ws: true },
    },
  },
});
