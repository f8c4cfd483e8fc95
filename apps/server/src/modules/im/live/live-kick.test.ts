import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KICKED_OUT, type KickedOutType } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TEST_DB } from '../../../../test/helpers.ts';
import {
  imServerPerFile,
  imUser,
  operatorToken,
  restKick,
  twoNodesPerSuite,
} from '../../../../test/kits/im-kit.ts';
import { RawViewer, roomName, sdkClient, sleep, until } from '../../../../test/kits/im-live-kit.ts';
import { UserSigs } from '../session/im-sig.ts';
import { LiveHub } from './live-hub.ts';
import { MemoryLiveLog } from './live-log.ts';
import { LiveService } from './live-service.ts';
import { LIVE_KICKED_CLOSE, LiveSockets } from './live-ws.ts';

// A live-room session checks its userSig once, when it connects: a kick (REST force logout, on any
// node) or the sig's expiry must still end it, or a logged-out user could go on posting.

const wsOf = (url: string) => url.replace(/^http/, 'ws');
const asQuery = (u: { userID: string; userSig: string }) =>
  `?userID=${encodeURIComponent(u.userID)}&userSig=${encodeURIComponent(u.userSig)}`;

describe('live sessions and kicks', () => {
  const s = imServerPerFile();

  it('a REST kick ends the user’s live sessions (kicked REST_API, no reconnect); others watch on', async () => {
    const roomId = roomName('kick');
    await s.app.liveRooms.create(roomId, 'owner');
    const ops = await operatorToken(s.app);
    const a = await imUser(s.app);
    const b = await imUser(s.app);
    const base = wsOf(s.url);

    const rawA = await RawViewer.open(base, asQuery(a));
    const rawB = await RawViewer.open(base, asQuery(b));
    const anon = await RawViewer.open(base);
    for (const v of [rawA, rawB, anon]) await v.request({ op: 'join', roomId });
    const sdkA = sdkClient(base, { sig: a });
    const kicks: KickedOutType[] = [];
    sdkA.client.on('kicked', (type) => kicks.push(type));
    await sdkA.client.joinGroup(roomId);
    const pending = sdkA.client.sendMessage(roomId, { text: 'racing the kick' }).catch((e) => e);

    expect((await restKick(s.app, a.userID, ops)).statusCode).toBe(200);
    await rawA.waitFor((f) => f.op === 'kicked');
    expect(rawA.frames.find((f) => f.op === 'kicked')).toEqual({
      op: 'kicked',
      type: KICKED_OUT.REST_API,
    });
    await until(() => rawA.closed);
    expect(rawA.closeCode).toBe(LIVE_KICKED_CLOSE);
    await until(() => kicks.length > 0);
    expect(kicks).toEqual([KICKED_OUT.REST_API]);
    expect(sdkA.client.joined()).toEqual([]);
    await pending; // answered or refused, never left hanging
    // the SDK does not come back with the revoked sig
    await sleep(400);
    expect(sdkA.sockets).toHaveLength(1);
    expect(kicks).toHaveLength(1);

    // the others are untouched and still get the room's messages
    expect(rawB.closed || anon.closed).toBe(false);
    await s.app.liveRooms.post(roomId, { from: b.userID, body: { text: 'still here' } });
    await until(() => rawB.messages(roomId).length === 1 && anon.messages(roomId).length === 1);

    // the old sig cannot open a session again; a new one can
    await expect(RawViewer.open(base, asQuery(a))).rejects.toThrow(/401/);
    const fresh = {
      userID: a.userID,
      userSig: new UserSigs(s.app.deps.secret).issue(a.userID).userSig,
    };
    const again = await RawViewer.open(base, asQuery(fresh));
    expect(await again.request({ op: 'join', roomId })).toMatchObject({ op: 'joined' });
    expect(await again.request({ op: 'post', roomId, body: { text: 'back' } })).toMatchObject({
      op: 'posted',
    });
    for (const v of [rawB, anon, again]) v.close();
  });

  it('a session whose sig has expired may not post: kicked USERSIG_EXPIRED and closed', async () => {
    const roomId = roomName('expiry');
    await s.app.liveRooms.create(roomId, 'owner');
    const a = await imUser(s.app);
    const short = {
      userID: a.userID,
      userSig: new UserSigs(s.app.deps.secret).issue(a.userID, Date.now(), 2).userSig,
    };
    const v = await RawViewer.open(wsOf(s.url), asQuery(short));
    await v.request({ op: 'join', roomId });
    expect(await v.request({ op: 'post', roomId, body: { text: 'in time' } })).toMatchObject({
      op: 'posted',
    });
    await sleep(2100); // the sig's expiry is whole seconds: 1-2 s from now
    expect(await v.request({ op: 'post', roomId, body: { text: 'too late' } })).toMatchObject({
      op: 'error',
      error: 'LIVE_LOGIN_REQUIRED',
    });
    expect(v.frames.find((f) => f.op === 'kicked')).toEqual({
      op: 'kicked',
      type: KICKED_OUT.USERSIG_EXPIRED,
    });
    await until(() => v.closed);
    expect(v.closeCode).toBe(LIVE_KICKED_CLOSE);
  });
});

describe('a kick racing a login', () => {
  it('a connection whose sig was being checked when the kick came is kicked as it opens', async () => {
    const hub = new LiveHub();
    const live = new LiveService(hub, new MemoryLiveLog(), {}, () => undefined);
    let admit!: (who: { userID: string; sig: { issuedMs: number; expireMs: number } }) => void;
    const checking = new Promise<Parameters<typeof admit>[0]>((resolve) => {
      admit = resolve;
    });
    const sockets = new LiveSockets(live, () => checking, { warn: () => undefined });
    const server = createServer();
    sockets.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // listening from the start: the kick frame comes right after the upgrade
      const ws = new WebSocket(`ws://127.0.0.1:${port}/im/live?userID=a&userSig=old`);
      const frames: string[] = [];
      ws.on('message', (data) => frames.push(String(data)));
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await sleep(50); // the upgrade waits on the sig check
      const issuedMs = Date.now() - 1000;
      sockets.revoked('a', Date.now()); // the kick: no session of "a" to end yet
      admit({ userID: 'a', sig: { issuedMs, expireMs: Date.now() + 60_000 } });
      expect(await Promise.race([closed, sleep(3000).then(() => 'still open')])).toBe(
        LIVE_KICKED_CLOSE,
      );
      expect(frames.map((f) => JSON.parse(f))).toEqual([
        { op: 'kicked', type: KICKED_OUT.REST_API },
      ]);
    } finally {
      await sockets.close();
      await live.close();
      server.close();
    }
  });
});

describe.skipIf(TEST_DB !== 'postgres')('live sessions on two nodes', () => {
  const nodes = twoNodesPerSuite();

  it('a REST kick on one node ends the user’s live session on the other', async () => {
    const roomId = roomName('kick2');
    await nodes.app.liveRooms.create(roomId, 'owner');
    const ops = await operatorToken(nodes.app);
    const a = await imUser(nodes.app);
    const b = await imUser(nodes.app);
    const onNode2 = await RawViewer.open(wsOf(nodes.url2), asQuery(a));
    const other = await RawViewer.open(wsOf(nodes.url2), asQuery(b));
    await onNode2.request({ op: 'join', roomId });
    await other.request({ op: 'join', roomId });
    expect((await restKick(nodes.app, a.userID, ops)).statusCode).toBe(200);
    await onNode2.waitFor((f) => f.op === 'kicked');
    await until(() => onNode2.closed);
    expect(onNode2.closeCode).toBe(LIVE_KICKED_CLOSE);
    expect(other.closed).toBe(false);
    other.close();
  });
});
