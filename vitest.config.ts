import { existsSync } from 'node:fs';
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
  'catalogue/cache/cached-json',
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
  'im/live/live-units',
  'im/upload/im-video-thumb',
  'logistics/builtin-provider',
  'order/discount',
  'order/placement/allocate',
  'order/pricing',
  'service/rule-pages',
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
            'apps/server/src/seed/illustrations/illustrations.test.ts',
            'apps/server/test/openapi-drift.test.ts',
            'apps/server/test/boundaries.test.ts',
            'apps/server/test/console-permissions.test.ts',
          ]
        : []),
    ],
    environment: 'node',
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
    projects: [
      serverProject('server', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-cluster', 'postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      ...(existsSync('apps/console/vitest.config.ts') ? ['apps/console/vitest.config.ts'] : []),
    ],
  },
});
