// Memory of the embedded media engine under viewers that stop reading (node-media-server's own
// player path grew from 88 to 210 MB with 50 of them in two minutes). Pushes a 10 Mbit/s test
// pattern, opens N HTTP-FLV viewers that send their GET and never read, and samples the process's
// memory every 5 s, once with the default viewer bound (2 MB) and once with it effectively off.
//
//   node --import tsx bench/live/stalled-viewers.ts [viewers=50] [seconds=60]
import { connect, type Socket } from 'node:net';
import type { EmbeddedEngine } from '../../apps/server/src/modules/live/media/index.ts';
import {
  hasCommand,
  pushTestPattern,
  startMediaApp,
  waitFor,
} from '../../apps/server/test/kits/live-stream-kit.ts';

const VIEWERS = Number(process.argv[2] ?? 50);
const SECONDS = Number(process.argv[3] ?? 60);
const MB = 1024 * 1024;

function stalled(base: string): Promise<Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET /live/flv/r1.flv HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

async function run(label: string, maxBuffer: number) {
  const media = await startMediaApp({ MEDIA_VIEWER_MAX_BUFFER: String(maxBuffer) });
  const engine = media.engine as EmbeddedEngine;
  const pusher = pushTestPattern(`rtmp://127.0.0.1:${engine.rtmpPort}/live/r1?sign=ok`);
  await waitFor(() => engine.isPublishing('r1'), 15_000, 'publishing');
  globalThis.gc?.();
  const before = process.memoryUsage();
  const sockets = await Promise.all(Array.from({ length: VIEWERS }, () => stalled(media.base)));
  const rows: string[] = [];
  for (let t = 5; t <= SECONDS; t += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const m = process.memoryUsage();
    rows.push(
      `${label} t=${String(t).padStart(3)}s viewers=${String(engine.viewers('r1')).padStart(3)} rss=${(m.rss / MB).toFixed(0)} MB heap=${(m.heapUsed / MB).toFixed(0)} MB external=${((m.external + m.arrayBuffers) / MB).toFixed(0)} MB`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `${label}: before viewers rss=${(before.rss / MB).toFixed(0)} MB heap=${(before.heapUsed / MB).toFixed(0)} MB`,
  );
  for (const socket of sockets) socket.destroy();
  pusher.child.kill('SIGKILL');
  await media.close();
}

if (!hasCommand('ffmpeg')) {
  console.error('ffmpeg is needed');
  process.exit(1);
}
await run('bound 2 MB  ', 2 * MB);
await run('bound off   ', 256 * MB);
