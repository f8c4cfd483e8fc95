import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasCommand,
  type MediaApp,
  type Pusher,
  pushTestPattern,
  startMediaApp,
  waitFor,
} from './kits/live-stream-kit.ts';
import { freePort } from './kits/process-kit.ts';

// The external engine's contract with a real media server: Debian's nginx with its RTMP module
// asks our callbacks (on_publish, on_play, on_publish_done) whether a push or play may go on.

const RTMP_MODULE = [
  '/usr/lib/nginx/modules/ngx_rtmp_module.so',
  '/usr/share/nginx/modules/ngx_rtmp_module.so',
].find((file) => existsSync(file));
const READY = hasCommand('ffmpeg') && hasCommand('nginx', ['-v']) && RTMP_MODULE !== undefined;
const TOKEN = 'media-callback-token-for-tests';

let media: MediaApp;
let nginx: ChildProcess | undefined;
let dir: string | undefined;
let rtmpPort = 0;
let controlPort = 0;
const pushers: Pusher[] = [];

/** Resolves once something accepts TCP connections on the port. */
async function waitListening(port: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!READY) return;
  rtmpPort = await freePort();
  controlPort = await freePort();
  media = await startMediaApp({
    MEDIA_ENGINE: 'external',
    MEDIA_PUSH_URL: `rtmp://127.0.0.1:${rtmpPort}/live/{stream}`,
    MEDIA_PLAY_URL: 'https://cdn.example.com/hls/{stream}.m3u8',
    MEDIA_CALLBACK_TOKEN: TOKEN,
    // nginx-rtmp's control module drops a publisher on request.
    MEDIA_CUT_URL: `http://127.0.0.1:${controlPort}/control/drop/publisher?app=live&name={stream}`,
  });
  dir = await mkdtemp(join(tmpdir(), 'chaopin-nginx-'));
  const hook = (name: string) => `${media.base}/api/live/media/${name}?token=${TOKEN}`;
  await writeFile(
    join(dir, 'nginx.conf'),
    `load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 64; }
http {
  access_log off;
  server {
    listen 127.0.0.1:${controlPort};
    location /control { rtmp_control all; }
  }
}
rtmp {
  server {
    listen 127.0.0.1:${rtmpPort};
    application live {
      live on;
      on_publish ${hook('on_publish')};
      on_publish_done ${hook('on_publish_done')};
      on_play ${hook('on_play')};
    }
  }
}
`,
  );
  nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  });
  await waitListening(rtmpPort);
  await waitListening(controlPort);
});

afterAll(async () => {
  for (const p of pushers) p.child.kill('SIGKILL');
  nginx?.kill('SIGKILL');
  await media?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function push(query: string) {
  const pusher = pushTestPattern(`${media.engine.pushUrl('r1')}${query}`);
  pushers.push(pusher);
  return pusher;
}

describe.skipIf(!READY)('external engine behind nginx-rtmp', () => {
  it('hands out the configured push and play URLs', () => {
    expect(media.engine.kind).toBe('external');
    expect(media.engine.pushUrl('r1')).toBe(`rtmp://127.0.0.1:${rtmpPort}/live/r1`);
    expect(media.engine.playUrls('r1')).toEqual({ hls: 'https://cdn.example.com/hls/r1.m3u8' });
  });

  it('refuses a push the gate refuses: nginx closes it on our 403', async () => {
    const pusher = push('?sign=bad&exp=1');
    expect(await pusher.exited).not.toBe(0);
    expect(media.gate.publishes[0]).toMatchObject({
      name: 'r1',
      allowed: false,
      args: { sign: 'bad', exp: '1' },
      addr: '127.0.0.1',
    });
    expect(media.engine.isPublishing('r1')).toBe(false);
  }, 15_000);

  it('authorizes a signed push by callback, asks on play, and hears when it stops', async () => {
    const pusher = push('?sign=ok&exp=9999999999');
    await waitFor(() => media.engine.isPublishing('r1'), 10_000, 'on_publish');
    expect(media.gate.publishes.at(-1)).toMatchObject({ allowed: true, args: { sign: 'ok' } });
    // A player through nginx: on_play reaches the gate.
    const probe = spawn(
      'ffprobe',
      ['-v', 'error', '-rw_timeout', '5000000', `rtmp://127.0.0.1:${rtmpPort}/live/r1`],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => media.gate.plays.includes('r1'), 10_000, 'on_play');
    probe.kill('SIGKILL');
    pusher.child.kill('SIGINT');
    const done = await media.gate.until(
      () => media.gate.dones.find((d) => d.name === 'r1'),
      10_000,
    );
    expect(done.recording).toBeNull();
    expect(media.engine.isPublishing('r1')).toBe(false);
  }, 20_000);

  it('cuts a publish through the media server (MEDIA_CUT_URL): nginx drops it and calls back', async () => {
    const before = media.gate.dones.length;
    const pusher = push('?sign=ok');
    await waitFor(() => media.engine.isPublishing('r1'), 10_000, 'on_publish');
    media.engine.cut('r1');
    await media.gate.until(() => media.gate.dones.length > before, 5000);
    expect(media.engine.isPublishing('r1')).toBe(false);
    expect(await pusher.exited).not.toBe(0);
  }, 20_000);

  it('takes SRS JSON callbacks too, and refuses callers without the token', async () => {
    const srs = await media.app.inject({
      method: 'POST',
      url: `/api/live/media/on_publish?token=${TOKEN}`,
      payload: {
        action: 'on_publish',
        client_id: 'k9',
        ip: '10.0.0.5',
        app: 'live',
        stream: 'r5',
        param: '?sign=ok&exp=5',
      },
    });
    expect(srs.statusCode).toBe(200);
    expect(srs.json()).toMatchObject({ code: 0 });
    expect(media.gate.publishes.at(-1)).toMatchObject({
      name: 'r5',
      args: { sign: 'ok', exp: '5' },
      addr: '10.0.0.5',
    });
    const refused = await media.app.inject({
      method: 'POST',
      url: `/api/live/media/on_publish?token=${TOKEN}`,
      payload: { stream: 'r6', param: '?sign=no' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'LIVE_PUBLISH_REFUSED' });
    const foreign = await media.app.inject({
      method: 'POST',
      url: '/api/live/media/on_publish_done?token=wrong-token-of-the-same-size!',
      payload: { stream: 'r5' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(media.engine.isPublishing('r5')).toBe(true);
    const bad = await media.app.inject({
      method: 'POST',
      url: '/api/live/media/on_publish',
      headers: { 'x-media-token': TOKEN },
      payload: { stream: '../etc' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
