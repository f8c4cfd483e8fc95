// Live-room benchmark (issue 5): VIEWERS viewer connections opened by a separate load process
// (live-load.mjs), RATE msg/s for SECONDS; every viewer must get every message (checked by
// sequence). Our server (production bundle, plain-ws live path) against a bare `ws` broadcaster
// batching every 100 ms (bare-broadcaster.mjs), in the same run. Server pinned to core 0, load
// client to core 1 (when there are two cores).
//
//   npm run build && npm run bench:im-live -w @chaopin/bench
//   VIEWERS=2000 SECONDS=10 npm run bench:im-live -w @chaopin/bench    (a quick run)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postForm, tokenFor, waitHealthy } from '../lib.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const VIEWERS = Number(process.env.VIEWERS ?? 10_000);
const RATE = Number(process.env.RATE ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 60);
const ONLY = process.env.ONLY; // 'server' or 'bare' to run one side
const twoCores = cpus().length >= 2;
const pinned = (core, args) =>
  twoCores ? ['taskset', ['-c', String(core), ...args]] : [args[0], args.slice(1)];

const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    ticks: Number(fields[11]) + Number(fields[12]),
    rssMb: kb('VmRSS') / 1024,
    hwmMb: kb('VmHWM') / 1024,
  };
}

function start(core, args, env, stdin = 'ignore') {
  const [cmd, argv] = pinned(core, args);
  const child = spawn(cmd, argv, {
    env: { PATH: process.env.PATH, ...env },
    stdio: [stdin, 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
}

function lines(child, onLine) {
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      onLine(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
    }
  });
}

/**
 * Runs the load (a viewers process, then a poster process, both on core 1) against a ws URL while
 * sampling the server process: CPU over the posting phase, memory at half and all viewers.
 */
function runLoad(serverPid, url, room, posterQuery) {
  const env = {
    LIVE_URL: url,
    LIVE_ROOM: room,
    VIEWERS: String(VIEWERS),
    RATE: String(RATE),
    SECONDS: String(SECONDS),
    POSTER_QUERY: posterQuery,
  };
  const script = join(here, 'live-load.mjs');
  const viewers = start(1, [process.execPath, script], { ...env, ROLE: 'viewers' }, 'pipe');
  let half;
  let connected;
  let posting;
  let posted;
  let closed = 0;
  return new Promise((resolve, reject) => {
    viewers.once('exit', (code) =>
      code ? reject(new Error(`viewers exited ${code}`)) : undefined,
    );
    lines(viewers, (line) => {
      if (line.phase === 'viewer-closed') closed++;
      else if (line.phase === 'half') half = { viewers: line.viewers, ...procStat(serverPid) };
      else if (line.phase === 'connected') {
        connected = procStat(serverPid);
        console.log(`  ${line.viewers} viewers connected in ${line.connectMs} ms`);
      } else if (line.phase === 'ready') {
        const poster = start(1, [process.execPath, script], { ...env, ROLE: 'poster' });
        poster.once('exit', (code) =>
          code ? reject(new Error(`poster exited ${code}`)) : undefined,
        );
        lines(poster, (p) => {
          if (p.phase === 'posting') posting = { at: Date.now(), ...procStat(serverPid) };
          else if (p.phase === 'posted') {
            const end = procStat(serverPid);
            posted = {
              ...p,
              cpuPct: Math.round(
                ((end.ticks - posting.ticks) / 100 / ((Date.now() - posting.at) / 1000)) * 100,
              ),
              rssMb: end.rssMb,
            };
            viewers.stdin.write(
              `${JSON.stringify({ posted: p.posted, lastSeq: p.lastSeq, start: p.start })}\n`,
            );
          }
        });
      } else if (line.phase === 'result') {
        const perConn = half
          ? ((connected.rssMb - half.rssMb) * 1024) / (VIEWERS - half.viewers)
          : Number.NaN;
        resolve({
          ...line,
          retries: posted.retries,
          failedPosts: posted.failedPosts,
          posterLateMaxMs: posted.posterLateMaxMs,
          viewersClosedEarly: closed,
          serverCpuPct: posted.cpuPct,
          serverRssMb: Math.round(posted.rssMb),
          // RSS can fall while connections open (a GC of start-up garbage): then no estimate
          kbPerConnection: perConn > 0 ? Math.round(perConn) : 'n/a',
        });
      }
    });
  });
}

async function benchServer(port) {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main))
    throw new Error('apps/server/dist/main.js missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-live-'));
  const server = start(0, [process.execPath, main], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED: 'true',
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  server.stdout.resume();
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/healthz`);
  const admin = await postForm(base, '/user/login', {
    phone: '13800000000',
    password: 'Admin@123456',
  });
  const room = `bench_${Date.now()}`;
  const created = await postForm(base, '/imLive/create', { groupID: room }, admin.data.token);
  if (created.code !== 1) throw new Error(`create room: ${JSON.stringify(created)}`);
  const poster = await tokenFor(base);
  await new Promise((r) => setTimeout(r, 3000)); // settle before the idle memory sample
  try {
    return await runLoad(server.pid, `ws://127.0.0.1:${port}/im/live`, room, `?token=${poster}`);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare(port) {
  const bare = start(0, [process.execPath, join(here, 'bare-broadcaster.mjs')], {
    PORT: String(port),
  });
  bare.stdout.resume();
  await waitHealthy(`http://127.0.0.1:${port}/`);
  await new Promise((r) => setTimeout(r, 3000));
  try {
    return await runLoad(bare.pid, `ws://127.0.0.1:${port}/im/live`, 'bench', '');
  } finally {
    await stop(bare);
  }
}

console.log(
  `live room: ${VIEWERS} viewers, ${RATE} msg/s for ${SECONDS} s${twoCores ? ' (server on core 0, load on core 1)' : ''}`,
);
const rows = [];
if (ONLY !== 'bare') {
  console.log('our server (plain-ws live path):');
  rows.push({ label: 'chaopin server', ...(await benchServer(3301)) });
  console.log(JSON.stringify(rows.at(-1)));
}
if (ONLY !== 'server') {
  console.log('bare ws broadcaster:');
  rows.push({ label: 'bare ws broadcaster', ...(await benchBare(3302)) });
  console.log(JSON.stringify(rows.at(-1)));
}

const bare = rows.find((r) => r.label.startsWith('bare'));
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
);
console.log(`${VIEWERS} viewers, ${RATE} msg/s × ${SECONDS} s, batches every 100 ms\n`);
console.log(
  '| variant | delivered / expected | lost | deliveries/s | % of bare | p50 ms | p99 ms | max ms | server CPU | server RSS | KB/conn | posts retried |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const pct = bare ? `${Math.round((r.deliveriesPerSec / bare.deliveriesPerSec) * 100)} %` : '—';
  console.log(
    `| ${r.label} | ${r.delivered} / ${r.expectedDeliveries} | ${r.lost} | ${r.deliveriesPerSec} | ${pct} | ${r.p50ms} | ${r.p99ms} | ${r.maxMs} | ${r.serverCpuPct} % | ${r.serverRssMb} MB | ${r.kbPerConnection} | ${r.retries} |`,
  );
}
process.exit(0);
