import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import type { EmbeddedEngine } from '../src/modules/live/media/index.ts';
import {
  hasCommand,
  type MediaApp,
  type Pusher,
  pushTestPattern,
  startMediaApp,
  waitFor,
} from './kits/live-stream-kit.ts';

// The embedded media engine end to end: ffmpeg pushes RTMP, the gate (faked) decides, viewers
// play WS-FLV and HTTP-FLV, stalled viewers are dropped, the publish is recorded and served.

const FFMPEG = hasCommand('ffmpeg');
/** Small, so that a stalled viewer passes it soon after the kernel's buffers are full. */
const MAX_BUFFER = 64 * 1024;

let media: MediaApp;
const pushers: Pusher[] = [];

function rtmpUrl(name: string, query: string) {
  const engine = media.engine as EmbeddedEngine;
  return `rtmp://127.0.0.1:${engine.rtmpPort}/live/${name}${query}`;
}

function push(name: string, query: string) {
  const pusher = pushTestPattern(rtmpUrl(name, query));
  pushers.push(pusher);
  return pusher;
}

/** Opens an HTTP-FLV request and collects at least `bytes` bytes of the body. */
function readHttpFlv(path: string, bytes: number): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = get(`${media.base}${path}`, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        total += chunk.length;
        if (total >= bytes) {
          req.destroy();
          resolve({ res, body: Buffer.concat(chunks) });
        }
      });
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/** A viewer that asks for the stream and never reads a byte of it. */
function stalledViewer(name: string): Promise<Socket> {
  const url = new URL(media.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET /live/flv/${name}.flv HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  if (FFMPEG) media = await startMediaApp({ MEDIA_VIEWER_MAX_BUFFER: String(MAX_BUFFER) });
});

afterAll(async () => {
  for (const p of pushers) p.child.kill('SIGKILL');
  await media?.close();
});

describe('media settings', () => {
  it('start the embedded engine on 1935 by default, none in tests unless asked', () => {
    expect(loadConfig({})).toMatchObject({
      MEDIA_ENGINE: 'embedded',
      RTMP_PORT: 1935,
      MEDIA_PUBLIC_HOST: '127.0.0.1',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).MEDIA_ENGINE).toBe('off');
    expect(loadConfig({ HOST: '0.0.0.0' }).MEDIA_PUBLIC_HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '10.1.2.3' }).MEDIA_PUBLIC_HOST).toBe('10.1.2.3');
    expect(loadConfig({}).MEDIA_VIEWER_MAX_BUFFER).toBe(2 * 1024 * 1024);
  });

  it('refuse an external engine without its URL templates, and bad templates', () => {
    expect(() => loadConfig({ MEDIA_ENGINE: 'external' })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_PUSH_URL: 'http://x/{stream}' })).toThrow(/MEDIA_PUSH_URL/);
    expect(() => loadConfig({ MEDIA_ENGINE: 'cdn' })).toThrow(/MEDIA_ENGINE/);
    expect(() => loadConfig({ MEDIA_PUBLIC_HOST: 'a b' })).toThrow(/MEDIA_PUBLIC_HOST/);
  });
});

describe.skipIf(!FFMPEG)('embedded media engine', () => {
  it('refuses an unsigned push: the gate says no, the connection is closed, nothing is played', async () => {
    const pusher = push('r9', '?sign=bad');
    const code = await Promise.race([
      pusher.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 8000)),
    ]);
    expect(code).not.toBe(0);
    expect(code).not.toBe('running');
    expect(media.gate.publishes.find((p) => p.name === 'r9')).toMatchObject({ allowed: false });
    expect(media.engine.isPublishing('r9')).toBe(false);
    expect(media.gate.dones.some((d) => d.name === 'r9')).toBe(false);
    const res = await fetch(`${media.base}/live/flv/r9.flv`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'LIVE_NOT_LIVE' });
  }, 15_000);

  it('plays a signed push over WS-FLV and HTTP-FLV', async () => {
    push('r1', '?sign=ok&exp=9999999999');
    await waitFor(() => media.engine.isPublishing('r1'), 10_000, 'r1 publishing');
    expect(media.gate.publishes.find((p) => p.name === 'r1')).toMatchObject({
      allowed: true,
      args: { sign: 'ok', exp: '9999999999' },
      addr: '127.0.0.1',
    });
    expect(media.engine.playUrls('r1')).toEqual({
      flv: '/live/flv/r1.flv',
      wsFlv: '/live/ws/r1.flv',
    });
    expect(media.engine.pushUrl('r1')).toBe(rtmpUrl('r1', ''));

    // WS-FLV: the FLV header first, then one tag per message: metadata, AAC/AVC config, video.
    const ws = new WebSocket(`${media.base.replace('http', 'ws')}/live/ws/r1.flv`);
    const messages: Buffer[] = [];
    ws.on('message', (data: Buffer) => messages.push(data));
    await waitFor(() => messages.length >= 30, 10_000, 'ws-flv tags');
    expect(media.engine.viewers('r1')).toBeGreaterThanOrEqual(1);
    ws.close();
    const [header, ...tags] = messages as [Buffer, ...Buffer[]];
    expect(header.subarray(0, 3).toString()).toBe('FLV');
    expect(header.length).toBe(13);
    const types = new Set(tags.map((t) => t[0]));
    expect(types).toEqual(new Set([8, 9, 18]));
    // Each message is exactly one tag: 11-byte header + data size + 4-byte previous tag size.
    for (const tag of tags) expect(tag.length).toBe(11 + tag.readUIntBE(1, 3) + 4);
    const script = tags.find((t) => t[0] === 18);
    expect(script?.subarray(11, 24).toString('latin1')).toContain('onMetaData');

    // HTTP-FLV: one chunked response, a file ffprobe reads as H.264 + AAC.
    const { res, body } = await readHttpFlv('/live/flv/r1.flv', 200_000);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/x-flv');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(body.subarray(0, 3).toString()).toBe('FLV');
    if (hasCommand('ffprobe')) {
      const file = join(tmpdir(), `live-stream-${process.pid}.flv`);
      await writeFile(file, body);
      const probe = spawnSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(probe.stdout.toString().split('\n').filter(Boolean).sort()).toEqual(['aac', 'h264']);
      await rm(file, { force: true });
    }
  }, 20_000);

  it('refuses a second publisher on a live stream', async () => {
    const second = push('r1', '?sign=ok');
    const code = await Promise.race([
      second.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 8000)),
    ]);
    expect(code).not.toBe(0);
    expect(code).not.toBe('running');
    expect(media.engine.isPublishing('r1')).toBe(true);
  }, 15_000);

  it('drops viewers that stop reading once their buffer passes the bound', async () => {
    const stalled = await Promise.all([1, 2, 3, 4].map(() => stalledViewer('r1')));
    const engine = media.engine;
    await waitFor(() => engine.viewers('r1') >= 4, 5000, 'stalled viewers joined');
    // 10 Mbit/s fills a non-reading socket's kernel buffers (~4 MB) and then the bound in seconds.
    await waitFor(() => engine.viewers('r1') === 0, 15_000, 'stalled viewers dropped');
    for (const socket of stalled) socket.destroy();
    // A reading viewer is still served after the drops.
    const { body } = await readHttpFlv('/live/flv/r1.flv', 50_000);
    expect(body.subarray(0, 3).toString()).toBe('FLV');
  }, 20_000);

  it('records the publish: when ffmpeg stops, publishDone gets an MP4 served with ranges', async () => {
    const pusher = pushers.find(
      (p) => p.child.exitCode === null && p.child.spawnargs.some((a) => a.includes('/live/r1?')),
    );
    expect(pusher).toBeDefined();
    pusher?.child.kill('SIGINT');
    const done = await media.gate.until(
      () => media.gate.dones.find((d) => d.name === 'r1'),
      15_000,
    );
    expect(media.engine.isPublishing('r1')).toBe(false);
    const recording = done.recording;
    expect(recording).toMatchObject({ format: 'mp4' });
    expect(recording?.file).toMatch(/^7-\d+-[0-9a-z]+\.mp4$/);
    expect(recording?.bytes).toBeGreaterThan(1_000_000);
    expect(recording?.durationMs).toBeGreaterThan(2000);

    const url = media.engine.recordUrl(recording?.file ?? '');
    const ranged = await fetch(`${media.base}${url}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${recording?.bytes}`);
    const bytes = Buffer.from(await ranged.arrayBuffer());
    expect(bytes.length).toBe(100);
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
  }, 20_000);

  it('answers 404 in the envelope for unknown or malformed recording names', async () => {
    for (const name of ['7-1-zz.mp4', '..%2F..%2Fetc%2Fpasswd', '7-1-a.mp4.part', 'x.flv']) {
      const res = await fetch(`${media.base}/live/record/${name}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 404, error: 'LIVE_RECORD_NOT_FOUND' });
    }
  });

  it('cuts a publish at once: the publisher is closed and publishDone follows', async () => {
    const pusher = push('r2', '?sign=ok');
    await waitFor(() => media.engine.isPublishing('r2'), 10_000, 'r2 publishing');
    const ws = new WebSocket(`${media.base.replace('http', 'ws')}/live/ws/r2.flv`);
    const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
    await new Promise((resolve) => ws.on('open', resolve));
    const cutAt = Date.now();
    media.engine.cut('r2');
    expect(media.engine.isPublishing('r2')).toBe(false);
    await media.gate.until(() => media.gate.dones.find((d) => d.name === 'r2'), 10_000);
    await closed;
    expect(Date.now() - cutAt).toBeLessThan(5000);
    const code = await pusher.exited;
    expect(code).not.toBe(0);
  }, 20_000);
});
