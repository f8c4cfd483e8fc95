// Glass-to-glass latency of live video: the embedded media engine, a push whose frames carry the
// sender's wall clock (clock-pusher.ts), and headless Chromium playing it with mpegts.js as the web
// app does: the page runs the web app's own live-edge code (apps/web/src/features/live/lib/
// liveEdge.ts, bundled here with esbuild), next to the options the app used before it. The page
// draws each <video> into a canvas, reads the clock back and records now − clock (one machine, one
// clock), and counts each player's stalls ('waiting' after the first frame) and dropped frames.
//
// 1. first frame: `--trials` opens of each transport, one at a time (page asks → first frame
//    decoded on the <video>), each at a random phase of the 1 s GOP;
// 2. steady state: `--rounds` rounds (a fresh join each, so a fresh GOP phase) of
//    `--seconds`/rounds, each with three players side by side, sampled every 100 ms: WS-FLV and
//    HTTP-FLV held at the live edge as the web app does, and WS-FLV with the options before it
//    (seek only above 1.5 s buffered, no rate chase).
// `--gop` is the host's key-frame interval in frames (25 fps: 25 = 1 s, 12 ≈ 0.5 s).
//
//   npm run bench:live-latency -w @chaopin/bench [-- --seconds 30 --rounds 5 --trials 8 --gop 25]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CODE, HEIGHT, startClockPusher, WIDTH } from './clock-pusher.ts';
import { argNumber, quantile, startEngine, waitFor } from './engine.ts';

const SECONDS = argNumber('seconds', 30);
const TRIALS = argNumber('trials', 8);
const ROUNDS = argNumber('rounds', 5);
const GOP = argNumber('gop', 25);
// A fourth player held at another band (`--target 0.2 --band 0.2`), to try one beside the app's.
const TRY_TARGET = argNumber('target', 0);
const TRY_BAND = argNumber('band', 0);
const STREAM = 'r1';
const root = join(import.meta.dirname, '../..');
const mpegtsJs = createRequire(join(root, 'apps/web/package.json')).resolve('mpegts.js');

/** The web app's live player options before the live edge: seek only above 1.5 s buffered. */
const BEFORE = {
  isLive: true,
  enableWorker: false,
  enableStashBuffer: false,
  stashInitialSize: 128,
  lazyLoad: false,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.5,
  liveBufferLatencyMinRemain: 0.3,
};
const liveEdgeJs = (
  await build({
    entryPoints: [join(root, 'apps/web/src/features/live/lib/liveEdge.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'liveEdge',
    write: false,
  })
).outputFiles[0]?.text;

// The page: window.openPlayer(kind, url) starts a player; every 10 ms until its first frame, then
// every 100 ms, each player's picture is decoded. Plain script: it runs in the browser.
const PAGE = `<!doctype html><html><body><script src="/bench/mpegts.js"></script>
<script src="/bench/live-edge.js"></script><script>
const BEFORE = ${JSON.stringify(BEFORE)};
const CODE = ${JSON.stringify(CODE)};
const W = CODE.bitsPerRow * CODE.block, H = CODE.rows * 2 * CODE.block;
const canvas = document.createElement('canvas');
canvas.width = W; canvas.height = H;
const ctx = canvas.getContext('2d', { willReadFrequently: true });
mpegts.LoggingControl.enableVerbose = false;
mpegts.LoggingControl.enableDebug = false;
mpegts.LoggingControl.enableInfo = false;
window.players = [];
window.samples = [];
window.errors = [];
window.stallAt = [];
function level(d, bit, row) {
  // Mean of the 4×4 pixels at the block's centre.
  let sum = 0;
  const cx = bit * CODE.block + CODE.block / 2 - 2, cy = row * CODE.block + CODE.block / 2 - 2;
  for (let y = cy; y < cy + 4; y++) for (let x = cx; x < cx + 4; x++) sum += d[(y * W + x) * 4 + 1];
  return sum / 16;
}
function readClock(video) {
  if (video.readyState < 2 || video.videoWidth !== ${WIDTH}) return null;
  ctx.drawImage(video, CODE.x0, CODE.y0, W, H, 0, 0, W, H);
  const d = ctx.getImageData(0, 0, W, H).data;
  let value = 0;
  for (let r = 0; r < CODE.rows; r++) {
    for (let i = 0; i < CODE.bitsPerRow; i++) {
      const a = level(d, i, 2 * r), b = level(d, i, 2 * r + 1);
      if (Math.abs(a - b) < 80) return null; // a block and its complement must differ
      value = value * 2 + (a > b ? 1 : 0);
    }
  }
  return value;
}
window.openPlayer = (kind, url, variant, tried) => {
  const video = document.createElement('video');
  video.muted = true; video.playsInline = true; video.width = ${WIDTH}; video.height = ${HEIGHT};
  document.body.appendChild(video);
  const edge = variant === 'edge';
  const band = tried ? { ...liveEdge.LIVE_EDGE, ...tried } : liveEdge.LIVE_EDGE;
  const config = edge ? liveEdge.flvLiveOptions(band) : BEFORE;
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, config);
  const p = { kind, video, player, opened: Date.now(), first: null, firstLatency: null, sampling: false, bad: 0, stalls: 0 };
  p.release = edge ? liveEdge.holdLiveEdge(video, band) : () => undefined;
  video.addEventListener('waiting', () => { if (p.first !== null && !video.seeking) { p.stalls++; window.stallAt.push(kind + '@' + (Date.now() - p.opened)); } });
  player.on(mpegts.Events.ERROR, (type, detail) => window.errors.push(kind + ' ' + type + ':' + detail));
  player.attachMediaElement(video);
  player.load();
  Promise.resolve(player.play()).catch(() => undefined);
  window.players.push(p);
  return window.players.length - 1;
};
window.quality = (i) => {
  const p = window.players[i];
  const q = p.video.getVideoPlaybackQuality();
  return { stalls: p.stalls, dropped: q.droppedVideoFrames, frames: q.totalVideoFrames };
};
window.closePlayer = (i) => {
  const p = window.players[i];
  p.closed = true;
  p.release();
  p.player.pause(); p.player.unload(); p.player.detachMediaElement(); p.player.destroy();
  p.video.remove();
};
let lastSample = 0;
setInterval(() => {
  const now = Date.now();
  const due = now - lastSample >= 100;
  if (due) lastSample = now;
  for (const p of window.players) {
    if (p.closed || (p.first !== null && !(due && p.sampling))) continue;
    const clock = readClock(p.video);
    const at = Date.now();
    if (clock === null) { if (p.first !== null) p.bad++; continue; }
    if (p.first === null) { p.first = at - p.opened; p.firstLatency = at - clock; continue; }
    const v = p.video;
    const buffered = v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0;
    window.samples.push({ kind: p.kind, latency: at - clock, buffered });
  }
}, 10);
</script></body></html>`;

const media = await startEngine({}, (app) => {
  app.get('/bench/latency.html', (_req, reply) => reply.type('text/html').send(PAGE));
  const js = readFileSync(mpegtsJs);
  app.get('/bench/mpegts.js', (_req, reply) => reply.type('text/javascript').send(js));
  app.get('/bench/live-edge.js', (_req, reply) =>
    reply.type('text/javascript').send(liveEdgeJs ?? ''),
  );
});
const pusher = startClockPusher(media.pushUrl(STREAM), 1500, GOP);
const urls = {
  'WS-FLV': `${media.base.replace('http', 'ws')}/live/ws/${STREAM}.flv`,
  'HTTP-FLV': `${media.base}/live/flv/${STREAM}.flv`,
};
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--autoplay-policy=no-user-gesture-required',
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
  ],
});
try {
  await waitFor(() => media.engine.isPublishing(STREAM), 15_000, 'publishing');
  // A full GOP in the cache, as for a viewer joining a room that is already live.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const page = await browser.newPage();
  await page.goto(`${media.base}/bench/latency.html`);

  type Kind = keyof typeof urls;
  const kinds = Object.keys(urls) as Kind[];
  type Variant = 'edge' | 'before';
  type Band = { target: number; band: number } | null;
  const open = (label: string, kind: Kind, variant: Variant, band: Band = null) =>
    page.evaluate(([l, u, v, b]) => window.openPlayer(l, u, v, b), [
      label,
      urls[kind],
      variant,
      band,
    ] as const);
  const ms = (x: number) => `${Math.round(x)}`;

  const firsts: Record<string, Array<{ first: number; latency: number }>> = {};
  for (let t = 0; t < TRIALS; t++) {
    for (const kind of kinds) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
      const id = await open(`${kind}, live edge`, kind, 'edge');
      await page.waitForFunction((i) => window.players[i]?.first != null, id, { timeout: 15_000 });
      const p = await page.evaluate(
        (i) => ({
          first: window.players[i]?.first ?? 0,
          latency: window.players[i]?.firstLatency ?? 0,
        }),
        id,
      );
      firsts[`${kind}, live edge`] = [...(firsts[`${kind}, live edge`] ?? []), p];
      await page.evaluate((i) => window.closePlayer(i), id);
    }
  }

  const variants: Array<[string, Kind, Variant, Band]> = [
    ['WS-FLV, live edge', 'WS-FLV', 'edge', null],
    ['HTTP-FLV, live edge', 'HTTP-FLV', 'edge', null],
    ['WS-FLV, before', 'WS-FLV', 'before', null],
  ];
  if (TRY_TARGET && TRY_BAND)
    variants.push([
      `WS-FLV, edge ${TRY_TARGET} + ${TRY_BAND} s`,
      'WS-FLV',
      'edge',
      { target: TRY_TARGET, band: TRY_BAND },
    ]);
  const quality: Record<string, { stalls: number; dropped: number; frames: number }> = {};
  const samples: Array<{ kind: string; latency: number; buffered: number }> = [];
  const roundP50: Record<string, number[]> = {};
  const errors: string[] = [];
  let unreadable = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    const ids = await Promise.all(
      variants.map(([label, kind, variant, band]) => open(label, kind, variant, band)),
    );
    await page.waitForFunction((list) => list.every((i) => window.players[i]?.first != null), ids, {
      timeout: 15_000,
    });
    await page.evaluate(() => {
      window.samples = [];
      for (const p of window.players) p.sampling = true;
    });
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / ROUNDS));
    const got = await page.evaluate(
      (list) => ({
        samples: window.samples,
        errors: window.errors,
        bad: list.reduce((n, i) => n + (window.players[i]?.bad ?? 0), 0),
      }),
      ids,
    );
    for (const [n, id] of ids.entries()) {
      const q = await page.evaluate((i) => window.quality(i), id);
      const label = variants[n]?.[0] ?? '';
      const sum = quality[label] ?? { stalls: 0, dropped: 0, frames: 0 };
      quality[label] = {
        stalls: sum.stalls + q.stalls,
        dropped: sum.dropped + q.dropped,
        frames: sum.frames + q.frames,
      };
      await page.evaluate((i) => window.closePlayer(i), id);
    }
    samples.push(...got.samples);
    errors.push(...got.errors);
    unreadable += got.bad;
    for (const [label] of variants) {
      const lat = got.samples.filter((x) => x.kind === label).map((x) => x.latency);
      roundP50[label] = [...(roundP50[label] ?? []), quantile(lat, 0.5)];
    }
  }

  console.log(
    `\nGlass-to-glass latency, GOP ${GOP} frames (${(GOP / 25).toFixed(2)} s): ${TRIALS} first-frame trials per transport; ${ROUNDS} rounds × ${SECONDS / ROUNDS} s with all players side by side (ms)`,
  );
  console.log(
    '\n| player | first frame p50 / max | latency of the first frame p50 | latency p50 | p95 | p99 | max | player buffer p50 | p50 of each round | samples | stalls | dropped / frames |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const [label] of variants) {
    const mine = samples.filter((x) => x.kind === label);
    const lat = mine.map((x) => x.latency);
    const buf = mine.map((x) => x.buffered * 1000);
    const f = (firsts[label] ?? []).map((x) => x.first);
    const fl = (firsts[label] ?? []).map((x) => x.latency);
    const first = f.length ? `${ms(quantile(f, 0.5))} / ${ms(Math.max(...f))}` : '—';
    const firstLat = fl.length ? ms(quantile(fl, 0.5)) : '—';
    console.log(
      `| ${label} | ${first} | ${firstLat} | ${ms(quantile(lat, 0.5))} | ${ms(quantile(lat, 0.95))} | ${ms(quantile(lat, 0.99))} | ${ms(Math.max(...lat))} | ${ms(quantile(buf, 0.5))} | ${(roundP50[label] ?? []).map(ms).join(', ')} | ${lat.length} | ${quality[label]?.stalls ?? 0} | ${quality[label]?.dropped ?? 0} / ${quality[label]?.frames ?? 0} |`,
    );
  }
  console.log(
    `\nfirst frames (ms to the first frame, and that frame's latency): ${JSON.stringify(firsts)}`,
  );
  console.log(
    `stalls (player@ms after it opened): ${await page.evaluate(() => window.stallAt.join(', '))}`,
  );
  console.log(
    `unreadable samples: ${unreadable}; player errors: ${errors.length ? errors.join(', ') : 'none'}`,
  );
} finally {
  await browser.close();
  pusher.stop();
  await media.close();
}
if (pusher.stderr().trim()) console.error(`ffmpeg: ${pusher.stderr().trim().slice(-500)}`);
process.exit(0);

declare global {
  interface Window {
    openPlayer(
      kind: string,
      url: string,
      variant: 'edge' | 'before',
      band: { target: number; band: number } | null,
    ): number;
    quality(id: number): { stalls: number; dropped: number; frames: number };
    closePlayer(id: number): void;
    players: Array<{
      first: number | null;
      firstLatency: number | null;
      sampling: boolean;
      bad: number;
    }>;
    samples: Array<{ kind: string; latency: number; buffered: number }>;
    errors: string[];
    stallAt: string[];
  }
}
