// One process of fan-out viewers (fanout.ts forks two): `count` WS-FLV players from plain `ws`
// that read every tag at once, and on request `stalled` viewers that send their WebSocket upgrade
// and never read (all at once, or spread over some seconds). Each live viewer notes, per video tag, now − tag timestamp (the push's clock is
// the wall clock, so this is constant for a viewer that keeps up and grows for one that falls
// behind); once a second the parent gets each viewer's largest value (or, if no tag came, now −
// the last tag's timestamp) and subtracts the smallest value any viewer ever saw: the lag.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import WebSocket from 'ws';

const url = process.argv[2] ?? '';
const count = Number(process.argv[3] ?? 500);

const viewers = [];
let minOffset = Number.POSITIVE_INFINITY;
let bytes = 0;
let closed = 0;
let opened = 0;

function openViewer() {
  return new Promise((resolve) => {
    const v = { max: Number.NEGATIVE_INFINITY, last: Number.NaN, closed: false };
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('message', (data) => {
      bytes += data.length;
      if (data[0] !== 9) return; // audio, script, the FLV header
      const ts = data.readUIntBE(4, 3) + data[7] * 2 ** 24;
      const offset = Date.now() - ts;
      if (offset > v.max) v.max = offset;
      if (offset < minOffset) minOffset = offset;
      v.last = ts;
    });
    ws.on('open', () => {
      opened++;
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('close', () => {
      if (!v.closed) closed++;
      v.closed = true;
      resolve();
    });
    viewers.push(v);
  });
}

const stalledSockets = [];
function openStalled(n, spreadMs) {
  const { hostname, port, pathname } = new URL(url);
  for (let i = 0; i < n; i++) {
    setTimeout(() => openOneStalled(hostname, port, pathname), (i * spreadMs) / n);
  }
}

function openOneStalled(hostname, port, pathname) {
  const socket = connect(Number(port), hostname, () => {
    socket.write(
      `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.pause();
  });
  socket.on('error', () => undefined);
  stalledSockets.push(socket);
}

process.on('message', (msg) => {
  if (msg.type === 'stall') openStalled(msg.count, msg.spreadMs);
  if (msg.type === 'stop') {
    for (const s of stalledSockets) s.destroy();
    process.exit(0);
  }
});

// 50 at a time, as a room fills.
const progress = setInterval(() => process.send({ type: 'progress', opened, closed }), 1000);
for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, openViewer));
}
clearInterval(progress);
process.send({ type: 'ready', opened });

setInterval(() => {
  const now = Date.now();
  const lags = viewers.map((v) => {
    if (v.closed) return null;
    // No tag in this second: at least now − the last one behind.
    const worst = Number.isFinite(v.max) ? v.max : now - v.last;
    v.max = Number.NEGATIVE_INFINITY;
    return Number.isFinite(worst) ? worst : null;
  });
  process.send({ type: 'second', lags, minOffset, bytes, closed, cpu: process.cpuUsage() });
  bytes = 0;
}, 1000);
