import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Server test files that run in one mode only: pure functions (no database, no bus) and plain
 * reads (browsing, rule pages, uploads), where a second run on PostgreSQL and Redis tests nothing
 * the first did not. Files touching money, stock, concurrency or several nodes run in both.
 */
const EMBEDDED_ONLY = [
  'access/audit/audit-diff',
  'access/staff-rules',
  'aftersale/refundable',
  'bargain/bargain-cut',
  'cards/cards-rules',
  'catalogue/browse/catalogue',
  'catalogue/cache/cached-json',
  'catalogue/collection/collection',
  'catalogue/console/category-admin',
  'catalogue/console/decor',
  'catalogue/console/rich-text',
  'catalogue/search/search-log-buffer',
  'catalogue/search/search',
  'catalogue/goods/goods-detail',
  'catalogue/browse/home-activity',
  'catalogue/browse/home-popup-audience',
  'catalogue/share/share',
  'cart/cart-view',
  'draw/draw-pick',
  'draw/draw-rules',
  'farm/farm-rules',
  'invoice/money-words',
  'live/media/paced-viewer',
  'im/desk/desk-times',
  'im/live/live-units',
  'im/upload/im-video-thumb',
  'logistics/builtin-provider',
  'order/discount',
  'order/placement/allocate',
  'order/pricing',
  'service/rule-pages',
  'service/service',
  'user/profile',
  'service/web-link-config',
].map((f) => `apps/server/src/modules/${f}.test.ts`);
const PURE_PLATFORM = [
  'group-commit',
  'input-rules',
  'turns',
  'web-app',
  'console-app',
  'trust-proxy',
  'config-table',
  'blob-serve',
  'embedded-stats',
  'late-bound',
].map((f) => `apps/server/src/platform/${f}.test.ts`);

const serverProject = (
  name: string,
  testDb: 'pglite' | 'postgres',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: '.',
    include: ['apps/server/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(testDb === 'postgres'
        ? [
            ...EMBEDDED_ONLY,
            ...PURE_PLATFORM,
            'apps/server/src/config/config.test.ts',
            'apps/server/src/seed/illustrations/illustrations.test.ts',
            'apps/server/src/seed/seed-pictures.test.ts',
            'apps/server/test/openapi-drift.test.ts',
            'apps/server/test/boundaries.test.ts',
            'apps/server/test/console-permissions.test.ts',
            // bench:scale's CI check seeds and serves embedded whatever the mode.
            'apps/server/test/bench-scale.test.ts',
          ]
        : []),
    ],
    environment: 'node',
    // Test files share a worker's module cache: every file builds its own app (createTestApp),
    // and importing the server's module graph once per worker instead of once per file took
    // the embedded suite from ~185 to ~108 s on a 31-file sample (same machine, same load).
    isolate: false,
    env: { TEST_DB: testDb },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

/**
 * Server tests always run embedded (PGlite, in-memory bus and limits); when DATABASE_URL is set
 * (CI) they run again in cluster mode on real PostgreSQL and Redis.
 */
export default defineConfig({
  test: {
    // vitest's default (cores − 1) is one worker on CI's two cores; server tests wait on
    // PostgreSQL, Redis and sockets as much as they compute, and two workers took the suite in
    // both modes from 834 to 541 s here (same commit, quiet machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      serverProject('server', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-cluster', 'postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      ...(existsSync('apps/console/vitest.config.ts') ? ['apps/console/vitest.config.ts'] : []),
      ...(existsSync('apps/weapp/vitest.config.mts') ? ['apps/weapp/vitest.config.mts'] : []),
    ],
  },
});
