import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://127.0.0.1:8080';

/** A package's folder in a module id (node_modules/<scope>/<name>/…). */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  // The server serves this build under /console/ (apps/server: CONSOLE_DIST), beside the shop at /.
  base: '/console/',
  plugins: [react()],
  resolve: {
    // One React and one react-router for the app and refine (root package.json pins React 19).
    dedupe: ['react', 'react-dom', 'react-router', '@tanstack/react-query'],
  },
  build: {
    manifest: true,
    modulePreload: { polyfill: false },
    // Hashed files under static/ (immutable caching on the server, as the web app's).
    assetsDir: 'static',
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Only the contracts' types and constants are used here: their TypeBox schemas drop out.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        chunkFileNames: 'static/[name]-[hash].js',
        codeSplitting: {
          // A group takes the modules it names, not their dependency trees: antd's shared utilities
          // stay with antd, and a page's own code stays in its lazy chunk.
          includeDependenciesRecursively: false,
          groups: [
            // Charts are for the dashboard and reports only: never in the first load.
            { name: 'charts', test: pkg('@ant-design/plots|@antv|echarts|zrender'), priority: 30 },
            {
              name: 'react',
              test: pkg('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              priority: 20,
            },
            {
              name: 'refine',
              test: pkg(
                '@refinedev|@tanstack|qs|lodash-es|lodash|pluralize|papaparse|warn-once|tslib',
              ),
              priority: 20,
            },
            {
              name: 'antd',
              test: pkg(
                'antd|@ant-design|@rc-component|rc-[a-z-]+|@ctrl|@emotion|dayjs|classnames|stylis|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|resize-observer-polyfill|json2mq|string-convert|toggle-selection|copy-to-clipboard|@babel',
              ),
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
    },
  },
});
