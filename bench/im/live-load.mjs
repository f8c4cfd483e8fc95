// The live-room load client: ROLE=viewers opens the viewer connections, ROLE=poster posts RATE
// msg/s. Two processes (both on the load core, see live-room.mjs), so that the poster keeps its
// pace however busy the viewers are: a late, bursty sender would measure the room's rate limiter
// rather than delivery. The viewers stay light: each reads only the batch frame's header
// (first/last sequence) to check that nothing is missing or repeated; one viewer in SAMPLE_EVERY
// parses the whole frame to measure latency (post time → receipt; one machine, one clock).
// Viewers print {"phase":"connected"}, then read {"posted","lastSeq"} on stdin and print the result.
// The poster prints {"phase":"posting"}, then {"phase":"posted","posted","lastSeq",…}.
import { WebSocket } from 'ws';

const URL_ = process.env.LIVE_URL; // ws://127.0.0.1:PORT/im/live
const ROOM = process.env.LIVE_ROOM ?? 'bench';
const VIEWERS = Number(process.env.VIEWERS ?? 10_000);
const RATE = Number(process.env.RATE ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 60);
const SAMPLE_EVERY = Number(process.env.SAMPLE_EVERY ?? 100);
const DRAIN_MS = Number(process.env.DRAIN_MS ?? 15_000);
const POSTER_QUERY = process.env.POSTER_QUERY ?? '';
const CONNECT_WAVE = 500;

const say = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
const expected = new Float64Array(VIEWERS); // next sequence each viewer should get
const received = new Float64Array(VIEWERS);
let lost = 0;
let repeated = 0;
let lastFrameAt = 0;
const latencies = [];
const sockets = [];
const HEADER = /"first":(\d+),"last":(\d+)/;

function onFrame(v, data, sampled) {
  if (data[2] !== 0x6f || data[7] !== 0x62) {
    // not {"op":"batch" — the join answer
    const frame = JSON.parse(String(data));
    if (frame.op === 'joined') expected[v] = frame.nextSeq;
    return;
  }
  lastFrameAt = Date.now();
  const m = HEADER.exec(data.toString('latin1', 0, 160));
  const first = Number(m[1]);
  const last = Number(m[2]);
  if (first > expected[v]) lost += first - expected[v];
  else if (first < expected[v]) repeated += expected[v] - first;
  received[v] += last - first + 1;
  expected[v] = last + 1;
  if (sampled) {
    const now = Date.now();
    for (const msg of JSON.parse(String(data)).messages) latencies.push(now - msg.body.t);
  }
}

function openViewer(v) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(URL_, { perMessageDeflate: false });
    const sampled = v % SAMPLE_EVERY === 0;
    ws.on('open', () => ws.send(JSON.stringify({ op: 'join', id: 1, roomId: ROOM })));
    ws.on('message', (data) => {
      onFrame(v, data, sampled);
      if (expected[v] && resolve) {
        resolve();
        resolve = null;
      }
    });
    ws.on('error', (err) => (resolve ? reject(err) : undefined));
    ws.on('close', () => say({ phase: 'viewer-closed', v }));
    sockets.push(ws);
  });
}

const t0 = Date.now();
if (process.env.ROLE === 'poster') await poster();
else await viewers();

async function viewers() {
  for (let v = 0; v < VIEWERS; v += CONNECT_WAVE) {
    if (v > 0 && v >= VIEWERS / 2 && v - CONNECT_WAVE < VIEWERS / 2) {
      // a memory sample at half the viewers: the per-connection cost is the slope to the full count
      say({ phase: 'half', viewers: v });
      await new Promise((r) => setTimeout(r, 1000));
    }
    const wave = [];
    for (let i = v; i < Math.min(VIEWERS, v + CONNECT_WAVE); i++) wave.push(openViewer(i));
    await Promise.all(wave);
  }
  say({ phase: 'connected', viewers: VIEWERS, connectMs: Date.now() - t0 });
  await new Promise((r) => setTimeout(r, 1000));
  say({ phase: 'ready' });
  const { posted, lastSeq, start } = await new Promise((resolve) => {
    let buffer = '';
    process.stdin.on('data', (chunk) => {
      buffer += chunk;
      if (buffer.includes('\n')) resolve(JSON.parse(buffer));
    });
  });
  await report(posted, lastSeq, start);
}

// The poster: one logged-in connection, RATE messages a second, retried if refused by the limiter.
async function poster() {
  const ws = new WebSocket(`${URL_}${POSTER_QUERY}`, { perMessageDeflate: false });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  const answers = new Map();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    answers.get(frame.id)?.(frame);
    answers.delete(frame.id);
  });
  let nextId = 1;
  const request = (frame) =>
    new Promise((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      ws.send(JSON.stringify({ ...frame, id }));
    });
  await request({ op: 'join', roomId: ROOM });
  let posted = 0;
  let retries = 0;
  let lastSeq = 0;
  let failed = 0;
  async function postOne(i) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const body = { t: Date.now(), text: `弹幕 ${i}` };
      const answer = await request({ op: 'post', roomId: ROOM, body });
      if (answer.op === 'posted') {
        posted++;
        lastSeq = Math.max(lastSeq, answer.message.sequence);
        return;
      }
      retries++;
      await new Promise((r) => setTimeout(r, 30));
    }
    failed++;
  }
  const total = RATE * SECONDS;
  const start = Date.now() + 20;
  say({ phase: 'posting', total });
  const inflight = [];
  let lateMax = 0;
  for (let i = 0; i < total; i++) {
    const at = start + (i * 1000) / RATE;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lateMax = Math.max(lateMax, Date.now() - at);
    inflight.push(postOne(i));
  }
  await Promise.all(inflight);
  say({
    phase: 'posted',
    posted,
    lastSeq,
    start,
    retries,
    failedPosts: failed,
    posterLateMaxMs: Math.round(lateMax),
  });
  ws.terminate();
  process.exit(0);
}

async function report(posted, lastSeq, start) {
  const postedAt = Date.now();
  const done = () => {
    for (let v = 0; v < VIEWERS; v++) if (expected[v] !== lastSeq + 1) return false;
    return true;
  };
  while (!done() && Date.now() - postedAt < DRAIN_MS) await new Promise((r) => setTimeout(r, 100));

  let delivered = 0;
  let complete = 0;
  for (let v = 0; v < VIEWERS; v++) {
    delivered += received[v];
    if (expected[v] === lastSeq + 1 && received[v] === posted) complete++;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? null;
  const seconds = (lastFrameAt - start) / 1000;
  const cpu = process.cpuUsage();
  say({
    phase: 'result',
    viewers: VIEWERS,
    posted,
    expectedDeliveries: posted * VIEWERS,
    delivered,
    lost: posted * VIEWERS - delivered + repeated,
    gapsSeen: lost,
    repeated,
    completeViewers: complete,
    deliveriesPerSec: Math.round(delivered / seconds),
    p50ms: pct(50),
    p99ms: pct(99),
    maxMs: latencies.at(-1) ?? null,
    latencySamples: latencies.length,
    loadClientCpuPct: Math.round(
      ((cpu.user + cpu.system) / 1e6 / ((Date.now() - t0) / 1000)) * 100,
    ),
  });
  for (const ws of sockets) ws.terminate();
  process.exit(0);
}
