#!/usr/bin/env node
// `npm run test:full`: the server suite at full size, before an issue is called resolved — every
// property test with many runs, the whole fuzz, the flash sale's crash test at full size — in both
// modes (embedded, and PostgreSQL + Redis: DATABASE_URL and REDIS_URL default to the machine's).
// Not part of CI (`npm test` runs the same files at CI size).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  SECKILL_FULL: '1',
  FUZZ_FULL: '1',
  POINTS_PROPERTY_RUNS: process.env.POINTS_PROPERTY_RUNS ?? '200',
  COUPON_PROP_RUNS: process.env.COUPON_PROP_RUNS ?? '200',
  PROMO_PROPERTY_RUNS: process.env.PROMO_PROPERTY_RUNS ?? '100',
  REWARDS_PROPERTY_RUNS: process.env.REWARDS_PROPERTY_RUNS ?? '200',
  BARGAIN_CUT_PROPERTY_RUNS: process.env.BARGAIN_CUT_PROPERTY_RUNS ?? '20000',
};
const args = [
  'vitest',
  'run',
  '--project',
  'server',
  '--project',
  'server-cluster',
  ...process.argv.slice(2),
];
const res = spawnSync('npx', args, { stdio: 'inherit', env });
process.exit(res.status ?? 1);
