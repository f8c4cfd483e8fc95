import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import { liveGet, makeHost, makeRoom } from '../../../test/kits/live-kit.ts';
import { hasCommand, pushTestPattern, waitFor } from '../../../test/kits/live-stream-kit.ts';
import type { Buyer } from '../../../test/kits/order-kit.ts';

const FFMPEG = hasCommand('ffmpeg');

let t: TestApp;
let origin: string;
let admin: string;
let host: Buyer;
beforeAll(async () => {
  t = await createTestApp({ MEDIA_ENGINE: 'embedded', RTMP_PORT: '0' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  origin = `127.0.0.1:${address.port}`;
  admin = await makeAdmin(t.app);
  host = await makeHost(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

/** The push URL livePlay answers. */
async function pushUrlOf(roomId: number): Promise<string> {
  const res = await liveGet<{ url: string; server: string; streamKey: string }>(
    t.app,
    'livePlay',
    host.token,
    {
      roomId,
    },
  );
  expect(res.status).toBe(200);
  expect(res.body.data.url).toBe(`${res.body.data.server}/${res.body.data.streamKey}`);
  // The engine answers the port its ingest is bound to (RTMP_PORT=0 here).
  expect(res.body.data.url).not.toContain(':0/');
  return res.body.data.url;
}

const roomState = async (roomId: number) =>
  (await liveGet<{ room: { state: string } }>(t.app, 'getRoomInfo', undefined, { roomId })).body
    .data.room.state;

describe.skipIf(!FFMPEG)('a real stream through the embedded engine', () => {
  it('refuses unsigned and expired pushes, goes live on a signed one, plays WS-FLV, ends into a replay', async () => {
    const roomId = await makeRoom(t.app, host);
    const signed = await pushUrlOf(roomId);
    const bare = signed.slice(0, signed.indexOf('?'));

    const unsigned = pushTestPattern(bare, ['-t', '5']);
    expect(await unsigned.exited).not.toBe(0);
    const expired = new URL(signed);
    expired.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10));
    const late = pushTestPattern(expired.toString(), ['-t', '5']);
    expect(await late.exited).not.toBe(0);
    expect(await roomState(roomId)).toBe('notice');

    const pusher = pushTestPattern(signed, ['-t', '30']);
    try {
      const deadline = Date.now() + 10_000;
      while ((await roomState(roomId)) !== 'live') {
        if (Date.now() > deadline) throw new Error(`not live: ${pusher.stderr()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // The same signed URL cannot be used twice.
      const replayed = pushTestPattern(signed, ['-t', '5']);
      expect(await replayed.exited).not.toBe(0);

      const play = await liveGet<{ wsFlv: string }>(t.app, 'getPlayVideo', undefined, { roomId });
      const ws = new WebSocket(`ws://${origin}${play.body.data.wsFlv}`);
      const frames: Buffer[] = [];
      ws.on('message', (data) => frames.push(data as Buffer));
      await waitFor(() => frames.length > 20, 10_000, 'FLV tags');
      expect(frames[0]?.subarray(0, 3).toString()).toBe('FLV');
      ws.close();
    } finally {
      pusher.child.kill('SIGINT');
      await pusher.exited;
    }
    const deadline = Date.now() + 15_000;
    let replay = await liveGet<{ url: string; format: string }>(t.app, 'getRecordInfo', undefined, {
      roomId,
    });
    while (replay.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      replay = await liveGet(t.app, 'getRecordInfo', undefined, { roomId });
    }
    expect(await roomState(roomId)).toBe('ended');
    expect(replay.status).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: replay.body.data.url,
      headers: { range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.rawPayload.length).toBe(100);
  }, 60_000);

  it('cuts the stream when the operator bans the room', async () => {
    const h = await makeHost(t.app, admin);
    const roomId = await makeRoom(t.app, h);
    const res = await liveGet<{ url: string }>(t.app, 'livePlay', h.token, { roomId });
    const pusher = pushTestPattern(res.body.data.url, ['-t', '30']);
    const deadline = Date.now() + 10_000;
    while ((await roomState(roomId)) !== 'live') {
      if (Date.now() > deadline) throw new Error(`not live: ${pusher.stderr()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const banned = Date.now();
    await call(t.app, {
      method: 'POST',
      url: `${API}/admin/live/room/ban`,
      token: admin,
      payload: { roomId, reason: '违规' },
    });
    await pusher.exited;
    // The push is cut at once; ffmpeg notices within a second (more under CI's load).
    expect(Date.now() - banned).toBeLessThan(process.env.CI ? 8000 : 3000);
    expect(t.app.liveModule.media.isPublishing(`r${roomId}`)).toBe(false);
    expect(await roomState(roomId)).toBe('banned');
  }, 60_000);
});
