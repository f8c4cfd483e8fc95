// The client side of a kick: the SDK's connection and the live long-poll channel close for good.
import { KICKED_OUT, PUSH } from '@chaopin/contracts';
import { LiveLongPollClient } from '@chaopin/im-sdk/live';
import { describe, expect, it } from 'vitest';
import { sleep } from '../../../../test/kits/im-kick-kit.ts';
import { errorOf, eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';

describe('single node', () => {
  const s = imServerPerFile();

  it('the SDK reports a reconnect refused for an expired or kicked sig as KICKED_OUT', async () => {
    const { createServer } = await import('node:http');
    const { Server } = await import('socket.io');
    const { Connection } = await import('../../../../../../packages/im-sdk/src/connection.ts');
    const http = createServer();
    const sio = new Server(http, { path: '/socket.io/' });
    let refuse = false;
    sio.use((_socket, next) => {
      if (!refuse) return next();
      const err = new Error('refused') as Error & { data: unknown };
      err.data = {
        code: 401,
        error: 'IM_SIG_INVALID',
        msg: 'x',
        data: null,
        kicked: 'userSigExpired',
      };
      next(err);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    const port = (http.address() as { port: number }).port;
    const seen: string[] = [];
    const conn = new Connection(
      `http://127.0.0.1:${port}`,
      {
        onOpen: () => undefined,
        onNetState: (s) => seen.push(s),
        onPush: () => undefined,
        onClosed: (e) => seen.push(`closed:${e.error}`),
        onKicked: (type) => seen.push(`kicked:${type}`),
      },
      { max: 5, intervalMs: 50 },
    );
    await conn.open('u', 's');
    refuse = true;
    conn.dropTransport();
    await eventually(() => expect(seen).toContain('kicked:userSigExpired'));
    await sleep(200); // no further attempts
    expect(seen).toEqual(['connected', 'connecting', 'kicked:userSigExpired']);
    expect(conn.state).toBe('closed');
    expect(await errorOf(conn.request('getMyProfile', {}))).toBe('IM_DISCONNECTED');
    // a kick push on an open connection closes it the same way
    refuse = false;
    const pushed: string[] = [];
    const conn2 = new Connection(`http://127.0.0.1:${port}`, {
      onOpen: () => undefined,
      onNetState: (s) => pushed.push(s),
      onPush: (event) => pushed.push(event),
      onClosed: (e) => pushed.push(`closed:${e.error}`),
      onKicked: (type) => pushed.push(`kicked:${type}`),
    });
    await conn2.open('u', 's');
    sio.emit(PUSH.KICKED, { type: KICKED_OUT.REST_API });
    sio.emit(PUSH.MESSAGE, {}); // after the kick: never delivered
    await eventually(() => expect(pushed).toContain(`kicked:${KICKED_OUT.REST_API}`));
    await sleep(100);
    expect(pushed).toEqual(['connected', `kicked:${KICKED_OUT.REST_API}`]);
    sio.close();
    http.close();
  });

  it('a long-poll whose key the server refuses closes the channel (SPEC §8 kicked-out long-poll)', async () => {
    const roomId = `live_kick_${Math.random().toString(36).slice(2, 10)}`;
    await s.app.liveRooms.create(roomId, 'owner');
    let polls = 0;
    // The server stops accepting the key after the first poll (as a kicked-out channel's key).
    const lp = new LiveLongPollClient({
      baseUrl: s.url,
      retryMs: 20,
      fetch: (url, init) => {
        if (String(url).endsWith('/startLongPoll') && ++polls > 1) {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          return fetch(url, { ...init, body: JSON.stringify({ ...body, key: `${body.key}x` }) });
        }
        return fetch(url, init);
      },
    });
    const states: string[] = [];
    const kickedFrom: string[] = [];
    lp.on('state', (s) => states.push(s));
    lp.on('kicked', (id) => kickedFrom.push(id));
    await lp.joinGroup(roomId);
    await s.app.liveRooms.post(roomId, { from: 'owner', body: { text: 'one' } });
    await eventually(() => expect(kickedFrom).toEqual([roomId]));
    expect(states).toEqual(['disconnected']);
    const settled = polls;
    await sleep(200);
    expect(polls).toBe(settled); // no more polling
    await lp.quitGroup();
  });
});
