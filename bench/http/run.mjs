#!/usr/bin/env node
// HTTP benchmark: GET queryUser with a valid token against a bare Fastify route answering the same
// JSON shape. Target: queryUser ≥ 50 % of bare. Usage: npm run bench:http [-- --seconds 5 --rounds 5]
// Adds a cluster-mode row when DATABASE_URL and REDIS_URL are set.
import { API, argNumber, interleaved, printTable, startApp, startBare, tokenFor } from '../lib.mjs';

const seconds = argNumber('seconds', 5);
const rounds = argNumber('rounds', 5);

const BARE_BODY = JSON.stringify({
  code: 1,
  msg: '操作成功',
  data: { id: 1, nickname: '潮友_a1b2c3', avatar: '/assets/avatars/1.svg' },
});
await startBare(18901, { '/bare': BARE_BODY });
const targets = [{ label: 'bare Fastify JSON route', url: 'http://127.0.0.1:18901/bare' }];

const variants = [
  ['queryUser, embedded (PGlite), auth cache on', {}],
  ['queryUser, embedded (PGlite), auth cache off', { AUTH_CACHE_MS: '0' }],
];
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  variants.push([
    'queryUser, cluster (PostgreSQL + Redis), auth cache on',
    { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
  ]);
}
const apps = [];
let port = 18910;
for (const [label, env] of variants) {
  const app = await startApp(++port, env);
  apps.push(app);
  const token = await tokenFor(app.base);
  targets.push({ label, url: `${app.base}${API}/user/queryUser`, headers: { TOKEN: token } });
}

const rows = await interleaved(targets, { rounds, seconds });
for (const app of apps) await app.stop();
printTable(rows, { baselineOf: () => rows[0], rounds, seconds });
process.exit(0);
