// Bundles the server (and the source-only contracts package) into dist/main.js;
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@chaopin/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
