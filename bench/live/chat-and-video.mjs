// Chat and video in one live room: one built server process (apps/server/dist/main.js, embedded
// media engine, seeded) fans a host's push out to VIDEO_VIEWERS WS-FLV viewers while the room's
// chat (`live_<roomId>`, the IM live-room path /im/live) carries RATE msg/s to CHAT_VIEWERS for
// SECONDS. The chat load is the IM live-room bench's own (../im/live-load.mjs: every chat viewer
// checks every message by sequence, a sampled subset measures latency); the video viewers are the
// fan-out bench's (fanout-clients.mjs: per-viewer lag against the fastest delivery); the push is
// the clock pattern (push-clock.ts, CBR KBPS kbit/s + 64 kbit/s AAC) to the signed URL the live
// centre hands the host. Server pinned to core 0; this process, the push and every client on core 1.
//
// Phases: `video only` (VIDEO_ONLY_SECONDS after 5 s of warm-up), `chat viewers joining`, then
// `video + chat` (the poster's SECONDS). Per phase: server CPU (/proc, % of one core), RSS, each
// core's busy %, video lag; then the chat's delivery.
//
//   npm run build && npm run bench:live-chat-video -w @chaopin/bench
//   VIDEO_VIEWERS=100 CHAT_VIEWERS=200 SECONDS=10 npm run bench:live-chat-video -w @chaopin/bench
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, postForm, tokenFor, waitHealthy } from '../lib.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const VIDEO_VIEWERS = Number(process.env.VIDEO_VIEWERS ?? 500);
const CHAT_VIEWERS = Number(process.env.CHAT_VIEWERS ?? 2000);
const RATE = Number(process.env.RATE ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 60);
const VIDEO_ONLY_SECONDS = Number(process.env.VIDEO_ONLY_SECONDS ?? 15);
const KBPS = Number(process.env.KBPS ?? 1500);
const VIDEO_PROCS = Number(process.env.VIDEO_PROCS ?? 1);
const HOST_PHONE = process.env.HOST_PHONE ?? '13900000001';
const LAG_LIMIT_MS = 2000;
const twoCores = cpus().length >= 2;
const MB = 1024 * 1024;

const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

// This process (sampling, the clients' reports) stays off the server's core as well.
if (twoCores) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)]);

/** `cmd args` on `core` (when there are two), stdout piped, with the IPC channel when asked. */
function start(core, args, env, { stdin = 'ignore', ipc = false } = {}) {
  const [cmd, argv] = twoCores
    ? ['taskset', ['-c', String(core), ...args]]
    : [args[0], args.slice(1)];
  const child = spawn(cmd, argv, {
    env: { PATH: process.env.PATH, ...env },
    stdio: [stdin, 'pipe', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
  children.push(child);
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
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

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** CPU ticks (1/100 s, all threads) and memory of the server, from /proc. */
function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    ticks: Number(fields[11]) + Number(fields[12]),
    rss: kb('VmRSS') * 1024,
    hwm: kb('VmHWM') * 1024,
  };
}

/** [busy, total] jiffies of each CPU, from /proc/stat. */
function coreTimes() {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l))
    .map((l) => {
      const v = l.split(/\s+/).slice(1).map(Number);
      const total = v.reduce((a, b) => a + b, 0);
      return [total - (v[3] ?? 0) - (v[4] ?? 0), total];
    });
}
const busyPct = (a, b) =>
  b.map(([busy, total], i) => ((busy - a[i][0]) / Math.max(1, total - a[i][1])) * 100);

function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

async function getJson(base, path, token) {
  const res = await fetch(`${base}${API}${path}`, { headers: token ? { TOKEN: token } : {} });
  return res.json();
}

async function hostToken(base, phone) {
  const sent = await postForm(base, '/user/sms/send', { phone });
  const login = await postForm(base, '/user/mobileLogin', { phone, code: sent.data?.code });
  if (!login.data?.token) throw new Error(`host login failed: ${JSON.stringify(login)}`);
  return login.data.token;
}

// ---- the server, the host's room, the push ----

const main = join(root, process.env.BENCH_APP_MAIN || 'apps/server/dist/main.js');
if (!existsSync(main)) throw new Error(`${main} missing: run \`npm run build\` first`);
const [port, rtmpPort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-chat-video-'));
const load0 = loadavg();
const startedAt = new Date();
const server = start(0, [process.execPath, main], {
  // Not NODE_ENV=test: the production bundle as a developer starts it (the SMS code comes back
  // outside production), with its embedded media engine.
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SEED: 'true',
  PORT: String(port),
  DATA_DIR: dataDir,
  MEDIA_ENGINE: 'embedded',
  RTMP_PORT: String(rtmpPort),
});
server.stdout.pipe(process.stdout);
const base = `http://127.0.0.1:${port}`;
await waitHealthy(`${base}/healthz`);

const host = await hostToken(base, HOST_PHONE);
const centre = await getJson(base, '/live/centre', host);
const roomId = centre.data?.current?.id;
if (!roomId) throw new Error(`live centre: no current room: ${JSON.stringify(centre)}`);
const push = await getJson(base, `/live/livePlay?roomId=${roomId}`, host);
if (!push.data?.url) throw new Error(`livePlay: ${JSON.stringify(push)}`);
const chatRoom = (await getJson(base, `/live/getRoomInfo?roomId=${roomId}`)).data?.chatRoomId;
if (chatRoom !== `live_${roomId}`) throw new Error(`getRoomInfo: chatRoomId ${chatRoom}`);
console.log(
  `room ${roomId} (chat ${chatRoom}): ${VIDEO_VIEWERS} video viewers, ${CHAT_VIEWERS} chat viewers, ` +
    `${RATE} msg/s × ${SECONDS} s, push ${KBPS} kbit/s${twoCores ? ' (server on core 0, the rest on core 1)' : ''}`,
);

const pusher = start(
  1,
  [process.execPath, '--import', 'tsx', join(here, 'push-clock.ts'), push.data.url, String(KBPS)],
  process.env,
);
pusher.stdout.pipe(process.stdout);
let finished = false;
pusher.once('exit', (code) => {
  if (!finished) {
    console.error(`push exited (${code}) during the run`);
    process.exit(1);
  }
});

let wsFlv;
for (let i = 0; i < 300 && !wsFlv; i++) {
  const play = await getJson(base, `/live/getPlayVideo?roomId=${roomId}`);
  wsFlv = play.data?.wsFlv;
  if (!wsFlv) await new Promise((r) => setTimeout(r, 100));
}
if (!wsFlv) throw new Error('the room did not go live within 30 s of the push');
await new Promise((r) => setTimeout(r, 2000)); // a key frame in the engine's GOP cache

// ---- video viewers (fanout-clients.mjs, in their own processes on core 1) ----

/** Each client process's per-second reports, stamped with when they arrived. */
const video = Array.from({ length: VIDEO_PROCS }, (_, i) => {
  const n = Math.floor(VIDEO_VIEWERS / VIDEO_PROCS) + (i < VIDEO_VIEWERS % VIDEO_PROCS ? 1 : 0);
  const child = start(
    1,
    [
      process.execPath,
      join(here, 'fanout-clients.mjs'),
      `ws://127.0.0.1:${port}${wsFlv}`,
      String(n),
    ],
    process.env,
    { ipc: true },
  );
  child.stdout.resume();
  const state = { child, ready: false, opened: 0, seconds: [] };
  child.on('message', (msg) => {
    if (msg.type === 'progress') state.opened = msg.opened;
    else if (msg.type === 'ready') {
      state.ready = true;
      state.opened = msg.opened;
    } else if (msg.type === 'second') state.seconds.push({ ...msg, at: Date.now() });
  });
  return state;
});
const videoJoin = Date.now();
while (!video.every((c) => c.ready)) {
  if (Date.now() - videoJoin > 180_000) throw new Error('video viewers did not join in 3 min');
  await new Promise((r) => setTimeout(r, 100));
}
console.log(
  `  ${video.reduce((n, c) => n + c.opened, 0)} video viewers joined in ${((Date.now() - videoJoin) / 1000).toFixed(1)} s`,
);
await new Promise((r) => setTimeout(r, 5000));

// ---- sampling: a timeline each second, and phases ----

const timeline = [];
const everBehind = new Set();
const phases = [];
let phaseNow = 'video only';
let prevSample = { at: Date.now(), ...procStat(server.pid), cores: coreTimes() };
const sampler = setInterval(() => {
  const now = { at: Date.now(), ...procStat(server.pid), cores: coreTimes() };
  const lagEdge = edge();
  let maxLag = 0;
  for (const c of video)
    for (const s of c.seconds)
      if (s.at > prevSample.at && s.at <= now.at)
        for (const lag of s.lags) if (lag !== null) maxLag = Math.max(maxLag, lag - lagEdge);
  const cpu = ((now.ticks - prevSample.ticks) / 100 / ((now.at - prevSample.at) / 1000)) * 100;
  const cores = busyPct(prevSample.cores, now.cores).map((x) => x.toFixed(0));
  timeline.push(
    `${((now.at - videoJoin) / 1000).toFixed(0)} s [${phaseNow}]: server CPU ${cpu.toFixed(0)} %, cores ${cores.join(' / ')} % busy, RSS ${(now.rss / MB).toFixed(0)} MB, max video lag ${(maxLag / 1000).toFixed(2)} s`,
  );
  prevSample = now;
}, 1000);

/** The smallest offset any viewer ever had: lag is a viewer's offset minus this. */
function edge() {
  return Math.min(...video.map((c) => c.seconds.at(-1)?.minOffset ?? Number.POSITIVE_INFINITY));
}

function beginPhase(label) {
  phaseNow = label;
  return {
    label,
    at: Date.now(),
    server: procStat(server.pid),
    cores: coreTimes(),
    closed: video.map((c) => c.seconds.at(-1)?.closed ?? 0),
  };
}

/** The phase's figures: server CPU and memory, each core's busy %, and the video viewers' lag. */
function endPhase(p) {
  const at = Date.now();
  const end = procStat(server.pid);
  const cores = busyPct(p.cores, coreTimes());
  const lagEdge = edge();
  const lags = [];
  const worst = new Map();
  let bytes = 0;
  let viewerSeconds = 0;
  let closed = 0;
  video.forEach((c, i) => {
    const mine = c.seconds.filter((s) => s.at > p.at && s.at <= at);
    closed += (mine.at(-1)?.closed ?? p.closed[i]) - p.closed[i];
    for (const s of mine) {
      bytes += s.bytes;
      s.lags.forEach((lag, v) => {
        if (lag === null) return;
        const key = `${i}:${v}`;
        lags.push(lag - lagEdge);
        viewerSeconds++;
        worst.set(key, Math.max(worst.get(key) ?? 0, lag - lagEdge));
      });
    }
  });
  for (const [key, w] of worst) if (w > LAG_LIMIT_MS) everBehind.add(key);
  return {
    label: p.label,
    seconds: (at - p.at) / 1000,
    cpuPct: ((end.ticks - p.server.ticks) / 100 / ((at - p.at) / 1000)) * 100,
    rssMb: end.rss / MB,
    cores,
    lags,
    behind: [...worst.values()].filter((w) => w > LAG_LIMIT_MS).length,
    closed,
    mbitPerViewer: viewerSeconds ? (bytes * 8) / 1e6 / viewerSeconds : 0,
  };
}
let p = beginPhase('video only');
await new Promise((r) => setTimeout(r, VIDEO_ONLY_SECONDS * 1000));
phases.push(endPhase(p));

// ---- the chat: live-load.mjs's viewers and poster on the room's chat group ----

const poster = await tokenFor(base);
const chatEnv = {
  LIVE_URL: `ws://127.0.0.1:${port}/im/live`,
  LIVE_ROOM: chatRoom,
  VIEWERS: String(CHAT_VIEWERS),
  RATE: String(RATE),
  SECONDS: String(SECONDS),
  POSTER_QUERY: `?token=${poster}`,
};
const loadScript = join(here, '../im/live-load.mjs');
p = beginPhase('chat viewers joining');
const chat = await new Promise((resolve, reject) => {
  const viewers = start(
    1,
    [process.execPath, loadScript],
    { ...chatEnv, ROLE: 'viewers' },
    { stdin: 'pipe' },
  );
  viewers.once('exit', (code) =>
    code ? reject(new Error(`chat viewers exited ${code}`)) : undefined,
  );
  let closedEarly = 0;
  let posted;
  lines(viewers, (line) => {
    if (line.phase === 'viewer-closed') closedEarly++;
    else if (line.phase === 'connected')
      console.log(`  ${line.viewers} chat viewers connected in ${line.connectMs} ms`);
    else if (line.phase === 'ready') {
      phases.push(endPhase(p));
      const post = start(1, [process.execPath, loadScript], { ...chatEnv, ROLE: 'poster' });
      post.once('exit', (code) => (code ? reject(new Error(`poster exited ${code}`)) : undefined));
      lines(post, (msg) => {
        if (msg.phase === 'posting') p = beginPhase('video + chat');
        else if (msg.phase === 'posted') {
          phases.push(endPhase(p));
          phaseNow = 'chat draining';
          posted = msg;
          viewers.stdin.write(
            `${JSON.stringify({ posted: msg.posted, lastSeq: msg.lastSeq, start: msg.start })}\n`,
          );
        }
      });
    } else if (line.phase === 'result')
      resolve({ ...line, ...posted, viewersClosedEarly: closedEarly });
  });
});
clearInterval(sampler);
const hwm = procStat(server.pid).hwm;

// ---- the report ----

const s2 = (ms) => (ms / 1000).toFixed(2);
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${startedAt.toISOString()}, load average at start ${load0.map((x) => x.toFixed(2)).join(' ')}`,
);
console.log(
  `room ${roomId}: push ${KBPS} kbit/s video + 64 kbit/s audio; ${VIDEO_VIEWERS} WS-FLV viewers; chat ${chatRoom}: ${CHAT_VIEWERS} viewers, ${RATE} msg/s × ${SECONDS} s\n`,
);
console.log(
  '| phase | s | server CPU, % of 1 core | server RSS MB | core 0 / core 1 busy % | video lag p50 / p99 / max s | video viewers > 2 s behind | video viewers dropped | Mbit/s per video viewer |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const w of phases) {
  console.log(
    `| ${w.label} | ${w.seconds.toFixed(0)} | ${w.cpuPct.toFixed(0)} | ${w.rssMb.toFixed(0)} | ${w.cores.map((x) => x.toFixed(0)).join(' / ')} | ${s2(quantile(w.lags, 0.5))} / ${s2(quantile(w.lags, 0.99))} / ${s2(Math.max(...w.lags))} | ${w.behind} | ${w.closed} | ${w.mbitPerViewer.toFixed(2)} |`,
  );
}
console.log(
  `\nvideo viewers ever > 2 s behind (any phase): ${everBehind.size} of ${VIDEO_VIEWERS}; server RSS high-water mark ${(hwm / MB).toFixed(0)} MB\n`,
);
console.log(
  '| chat | delivered / expected | lost | complete viewers | deliveries/s | p50 ms | p99 ms | max ms | latency samples | posts retried / failed | poster late max ms | viewers closed early |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${chatRoom} | ${chat.delivered} / ${chat.expectedDeliveries} | ${chat.lost} | ${chat.completeViewers} / ${CHAT_VIEWERS} | ${chat.deliveriesPerSec} | ${chat.p50ms} | ${chat.p99ms} | ${chat.maxMs} | ${chat.latencySamples} | ${chat.retries} / ${chat.failedPosts} | ${chat.posterLateMaxMs} | ${chat.viewersClosedEarly} |`,
);
console.log(`\neach second:\n${timeline.join('\n')}`);

finished = true;
for (const c of video) c.child.send({ type: 'stop' });
await stop(pusher);
await stop(server);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
