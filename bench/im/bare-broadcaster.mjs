// The baseline for the live-room benchmark: a bare `ws` broadcaster with the live room's wire
// format (join / post / batch frames) and its batching (every 100 ms, one pre-encoded frame written
// to every viewer), without anything else: no auth, no rate limit, no ring buffer, no cluster.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const PORT = Number(process.env.PORT ?? 3100);
const FLUSH_MS = Number(process.env.FLUSH_MS ?? 100);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
});
const wss = new WebSocketServer({ server, path: '/im/live', perMessageDeflate: false });
const viewers = new Set();
let seq = 0;
let pending = [];
let first = 0;

wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (frame.op === 'join') {
      viewers.add(ws);
      ws.send(
        JSON.stringify({ op: 'joined', id: frame.id, roomId: frame.roomId, nextSeq: seq + 1 }),
      );
    } else if (frame.op === 'post') {
      const message = {
        roomId: frame.roomId,
        sequence: ++seq,
        time: Date.now(),
        from: 'poster',
        priority: frame.priority ?? 'Normal',
        body: frame.body,
      };
      if (pending.length === 0) first = seq;
      pending.push(JSON.stringify(message));
      ws.send(JSON.stringify({ op: 'posted', id: frame.id, message }));
    }
  });
  ws.on('close', () => viewers.delete(ws));
  ws.on('error', () => {});
});

setInterval(() => {
  if (pending.length === 0) return;
  const frame = Buffer.from(
    `{"op":"batch","roomId":"bench","first":${first},"last":${seq},"messages":[${pending.join(',')}]}`,
  );
  pending = [];
  for (const ws of viewers) if (ws.readyState === 1) ws.send(frame, { binary: false });
}, FLUSH_MS);

server.listen(PORT, '127.0.0.1', () => console.log(`bare broadcaster on ${PORT}`));
