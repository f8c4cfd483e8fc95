// Fan-out of one live stream to many WS-FLV viewers. This process runs only the server's media
// engine (embedded, as the tests start it: engine.ts); the push (clock-stamped, 1.5 Mbit/s video +
// 64 kbit/s audio: push-clock.ts) and the viewers (fanout-clients.mjs, `--procs` processes of
// plain `ws` clients) run in their own processes, so the CPU and memory figures are the server's.
//
// 1. `--viewers` live viewers join (50 at a time); after 5 s of warm-up, `--seconds` of steady
//    state: server CPU (process.cpuUsage, % of one core), RSS, event-loop delay, viewer lag;
// 2. `--stalled` viewers join that send their upgrade and never read, for `--stalled-seconds`:
//    RSS above the steady state's, divided by their number, while the live viewers are watched.
//    They join at once (so they all reach the 2 MB bound and are dropped in the same second), or
//    over `--stalled-spread` seconds.
//
//   npm run bench:live-fanout -w @chaopin/bench [-- --viewers 1000 --stalled 100 --seconds 30]
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { argNumber, quantile, startEngine, waitFor } from './engine.ts';

const VIEWERS = argNumber('viewers', 1000);
const STALLED = argNumber('stalled', 100);
const SECONDS = argNumber('seconds', 30);
const STALLED_SECONDS = argNumber('stalled-seconds', 60);
const PROCS = argNumber('procs', 2);
const SPREAD = argNumber('stalled-spread', 0);
const VIDEO_KBPS = argNumber('kbps', 1500);
const STREAM = 'r1';
const MB = 1024 * 1024;
const here = import.meta.dirname;
const f0 = (x: number) => x.toFixed(0);
const s2 = (ms: number) => (ms / 1000).toFixed(2);

/** CPU seconds (user + system) of another process so far, from /proc/<pid>/stat. */
function cpuOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine (all CPUs), from /proc/stat. */
function machineCpu(): [number, number] {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return [total - idle, total];
}

/** The ffmpeg under the push process (its CPU is the encoder's, not the server's). */
function childPids(pid: number | undefined): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
  } catch {
    return [];
  }
}

const media = await startEngine();
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

const pusher = spawn(
  process.execPath,
  ['--import', 'tsx', join(here, 'push-clock.ts'), media.pushUrl(STREAM), String(VIDEO_KBPS)],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
children.push(pusher);
await waitFor(() => media.engine.isPublishing(STREAM), 15_000, 'publishing');
await new Promise((resolve) => setTimeout(resolve, 2000));

interface Second {
  lags: Array<number | null>;
  minOffset: number;
  bytes: number;
  closed: number;
  cpu: { user: number; system: number };
}
const wsUrl = `${media.base.replace('http', 'ws')}/live/ws/${STREAM}.flv`;
const clients = Array.from({ length: PROCS }, (_, i) => {
  const n = Math.floor(VIEWERS / PROCS) + (i < VIEWERS % PROCS ? 1 : 0);
  const child = fork(join(here, 'fanout-clients.mjs'), [wsUrl, String(n)], { execArgv: [] });
  children.push(child);
  const state = { child, ready: false, opened: 0, seconds: [] as Second[] };
  child.on('message', (msg: { type: string; opened?: number } & Second) => {
    if (msg.type === 'progress') state.opened = msg.opened ?? 0;
    else if (msg.type === 'ready') {
      state.ready = true;
      state.opened = msg.opened ?? 0;
    } else if (msg.type === 'second') state.seconds.push(msg);
  });
  return state;
});
const joinStart = Date.now();
await waitFor(() => clients.every((c) => c.ready), 180_000, 'viewers').catch((err) => {
  const opened = clients.reduce((n, c) => n + c.opened, 0);
  console.error(
    `only ${opened} of ${VIEWERS} viewers joined; server sees ${media.engine.viewers(STREAM)}`,
  );
  throw err;
});
const joinSeconds = (Date.now() - joinStart) / 1000;
console.log(
  `${clients.reduce((n, c) => n + c.opened, 0)} viewers joined in ${joinSeconds.toFixed(1)} s; server sees ${media.engine.viewers(STREAM)}`,
);
await new Promise((resolve) => setTimeout(resolve, 5000));

interface Window {
  label: string;
  cpuPct: number;
  rss: number[];
  heap: number;
  external: number;
  loopP99: number;
  loopMax: number;
  viewers: number;
  lags: number[];
  worstViewer: number[];
  closed: number;
  mbitPerViewer: number;
  clientCpuPct: number;
  pusherCpuPct: number;
  machineBusyPct: number;
  timeline: string[];
}

async function measure(label: string, seconds: number, during?: () => void): Promise<Window> {
  const marks = clients.map((c) => c.seconds.length);
  const closedBefore = clients.map((c) => c.seconds.at(-1)?.closed ?? 0);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const others0 = clients.map((c) => cpuOf(c.child.pid));
  const pushPids = [pusher.pid, ...childPids(pusher.pid)];
  const pusher0 = pushPids.reduce((n: number, pid) => n + cpuOf(pid), 0);
  const machine0 = machineCpu();
  during?.();
  const rss: number[] = [];
  const timeline: string[] = [];
  let [busyPrev, totalPrev] = machine0;
  let cpuPrev = process.cpuUsage();
  for (let s = 0; s < seconds; s++) {
    const loopSecond = monitorEventLoopDelay({ resolution: 10 });
    loopSecond.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    loopSecond.disable();
    rss.push(process.memoryUsage().rss);
    const [busy, total] = machineCpu();
    const cpuNow = process.cpuUsage();
    timeline.push(
      `${s + 1}s: viewers ${media.engine.viewers(STREAM)}, server CPU ${(((cpuNow.user - cpuPrev.user + cpuNow.system - cpuPrev.system) / 1e6) * 100).toFixed(0)} %, machine busy ${(((busy - busyPrev) / (total - totalPrev)) * 100).toFixed(0)} % of ${cpus().length} CPUs, loop max ${(loopSecond.max / 1e6).toFixed(0)} ms, rss ${((rss.at(-1) ?? 0) / MB).toFixed(0)} MB`,
    );
    [busyPrev, totalPrev, cpuPrev] = [busy, total, cpuNow];
  }
  const machine1 = machineCpu();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();
  const mem = process.memoryUsage();
  // Lag = a viewer's offset in a second − the smallest offset any viewer ever had.
  const edge = Math.min(...clients.map((c) => c.seconds.at(-1)?.minOffset ?? Infinity));
  const lags: number[] = [];
  const worst: number[] = [];
  let bytes = 0;
  let viewerSeconds = 0;
  const maxLagBySecond: number[] = [];
  clients.forEach((c, i) => {
    const mine = c.seconds.slice(marks[i]);
    mine.forEach((sec, k) => {
      const m = Math.max(...sec.lags.map((x) => (x === null ? 0 : x - edge)));
      maxLagBySecond[k] = Math.max(maxLagBySecond[k] ?? 0, m);
    });
    const perViewer: number[] = [];
    for (const sec of mine) {
      bytes += sec.bytes;
      sec.lags.forEach((lag, v) => {
        if (lag === null) return;
        lags.push(lag - edge);
        viewerSeconds++;
        perViewer[v] = Math.max(perViewer[v] ?? 0, lag - edge);
      });
    }
    worst.push(...perViewer.filter((x) => x !== undefined));
  });
  const closed = clients.reduce(
    (n, c, i) => n + (c.seconds.at(-1)?.closed ?? 0) - (closedBefore[i] ?? 0),
    0,
  );
  return {
    label,
    cpuPct: ((cpu.user + cpu.system) / 1e6 / wall) * 100,
    rss,
    heap: mem.heapUsed,
    external: mem.external + mem.arrayBuffers,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    viewers: media.engine.viewers(STREAM),
    lags,
    worstViewer: worst,
    closed,
    mbitPerViewer: viewerSeconds ? (bytes * 8) / 1e6 / viewerSeconds : 0,
    clientCpuPct:
      (clients.reduce((n, c, i) => n + cpuOf(c.child.pid) - (others0[i] ?? 0), 0) / wall) * 100,
    pusherCpuPct: ((pushPids.reduce((n: number, pid) => n + cpuOf(pid), 0) - pusher0) / wall) * 100,
    machineBusyPct: ((machine1[0] - machine0[0]) / (machine1[1] - machine0[1])) * 100,
    timeline: timeline.map((line, k) => `${line}, max viewer lag ${s2(maxLagBySecond[k] ?? 0)} s`),
  };
}

const steady = await measure('steady', SECONDS);
const stalled = await measure(
  `+${STALLED} stalled${SPREAD ? ` (joining over ${SPREAD} s)` : ''}`,
  STALLED_SECONDS,
  () => {
    clients.forEach((c, i) => {
      const n = Math.floor(STALLED / PROCS) + (i < STALLED % PROCS ? 1 : 0);
      c.child.send({ type: 'stall', count: n, spreadMs: SPREAD * 1000 });
    });
  },
);
const viewersAfter = media.engine.viewers(STREAM);

console.log(
  `\nFan-out: 1 stream (${VIDEO_KBPS} kbit/s video + 64 kbit/s audio), ${VIEWERS} WS-FLV viewers in ${PROCS} processes`,
);
console.log(
  '\n| phase | s | viewers at end | dropped | server CPU % of 1 core | RSS end MB | RSS max MB | heap MB | event loop p99 / max ms | lag p50 s | p99 s | max s | viewers > 2 s behind | Mbit/s per viewer | clients CPU % | pusher CPU % | machine busy % |',
);
console.log(
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
);
for (const w of [steady, stalled]) {
  console.log(
    `| ${w.label} | ${w.rss.length} | ${w.viewers} | ${w.closed} | ${f0(w.cpuPct)} | ${f0((w.rss.at(-1) ?? 0) / MB)} | ${f0(Math.max(...w.rss) / MB)} | ${f0(w.heap / MB)} | ${w.loopP99.toFixed(0)} / ${w.loopMax.toFixed(0)} | ${s2(quantile(w.lags, 0.5))} | ${s2(quantile(w.lags, 0.99))} | ${s2(Math.max(...w.lags))} | ${w.worstViewer.filter((x) => x > 2000).length} | ${w.mbitPerViewer.toFixed(2)} | ${f0(w.clientCpuPct)} | ${f0(w.pusherCpuPct)} | ${f0(w.machineBusyPct)} |`,
  );
}
const base = steady.rss.at(-1) ?? 0;
const peak = Math.max(...stalled.rss);
console.log(
  `\nstalled viewers: RSS ${f0(base / MB)} → peak ${f0(peak / MB)} MB = ${((peak - base) / MB / STALLED).toFixed(2)} MB per stalled viewer; viewers on the server after: ${viewersAfter} (live ones dropped in that phase: ${stalled.closed})`,
);
for (const w of [steady, stalled])
  console.log(`\n${w.label}, each second:\n${w.timeline.join('\n')}`);

for (const c of clients) c.child.send({ type: 'stop' });
pusher.kill('SIGTERM');
await media.close();
process.exit(0);
