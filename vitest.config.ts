import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (
  name: string,
  testDb: 'pglite' | 'postgres',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: '.',
    include: ['apps/server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: testDb },
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
    ],
  },
});
