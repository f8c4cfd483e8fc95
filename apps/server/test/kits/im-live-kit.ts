import type { LiveMessage, LiveServerFrame } from '@chaopin/contracts';
import { LiveRoomClient, type LiveSocket } from '@chaopin/im-sdk/live';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveService } from '../../src/modules/im/live/live-service.ts';
import { createTestApp, login, type TestApp } from '../helpers.ts';

/** Test-only helpers for live rooms: a listening app, raw ws viewers and SDK clients. */

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}`;
}

export const liveOf = (app: FastifyInstance) => app.liveRooms as LiveService;

export const roomName = (tag: string) => `live_${tag}_${Math.random().toString(36).slice(2, 10)}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw ws viewer that records every frame. */
export class RawViewer {
  readonly frames: LiveServerFrame[] = [];
  readonly ws: WebSocket;
  closed = false;
  closeCode?: number;
  private id = 1;
  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as LiveServerFrame));
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }
  static async open(base: string, query = ''): Promise<RawViewer> {
    const ws = new WebSocket(`${base}/im/live${query}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawViewer(ws);
  }
  /** Sends a frame with a fresh id and waits for the answer carrying it. */
  async request(frame: Record<string, unknown>): Promise<LiveServerFrame> {
    const id = this.id++;
    this.ws.send(JSON.stringify({ ...frame, id }));
    return this.waitFor((f) => 'id' in f && f.id === id);
  }
  async waitFor(
    match: (f: LiveServerFrame) => boolean,
    timeoutMs = 3000,
  ): Promise<LiveServerFrame> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.frames.find(match);
      if (found) return found;
      await sleep(10);
    }
    throw new Error('frame not received');
  }
  messages(roomId: string): LiveMessage[] {
    return this.frames.flatMap((f) => (f.op === 'batch' && f.roomId === roomId ? f.messages : []));
  }
  batches(roomId: string): number {
    return this.frames.filter((f) => f.op === 'batch' && f.roomId === roomId).length;
  }
  close() {
    this.ws.close();
  }
}

/** An SDK client over `ws`; `drop` decides which incoming frames are lost on the way. */
export function sdkClient(
  base: string,
  opts: {
    token?: string;
    sig?: { userID: string; userSig: string };
    unlimited?: boolean;
    drop?: (raw: string) => boolean;
  } = {},
) {
  const received: LiveMessage[] = [];
  const sockets: WebSocket[] = [];
  const client = new LiveRoomClient({
    url: base,
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.sig ?? {}),
    ...(opts.unlimited ? { unlimited: true } : {}),
    reconnectMs: 100,
    socketFactory: (url) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      const socket: LiveSocket = {
        get readyState() {
          return ws.readyState;
        },
        send: (data) => ws.send(data),
        close: (code) => ws.close(code),
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      };
      ws.on('open', () => socket.onopen?.({}));
      ws.on('message', (data) => {
        const raw = String(data);
        if (opts.drop?.(raw)) return;
        socket.onmessage?.({ data: raw });
      });
      ws.on('close', (code, reason) => socket.onclose?.({ code, reason: String(reason) }));
      ws.on('error', () => socket.onerror?.({}));
      return socket;
    },
  });
  client.on('message', (messages) => received.push(...messages));
  return { client, received, sockets };
}

export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 3000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** A test file's listening app, a signed-in user's token, and rooms to post to. */
export interface LiveKit {
  t: TestApp;
  app: FastifyInstance;
  /** The app's ws:// base URL. */
  base: string;
  /** A signed-in app user's session token. */
  token: string;
  /** A new room (owner `owner`) with a unique id. */
  newRoom(tag: string): Promise<string>;
  /** Posts a text as user u1, as the server's own services do. */
  post(
    roomId: string,
    text: string,
    priority?: 'High' | 'Normal' | 'Low' | 'Lowest',
  ): Promise<LiveMessage>;
}

/** One listening app per test file: created before its tests, closed after them. */
export function liveAppPerFile(): LiveKit {
  const kit = {} as LiveKit;
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.app = kit.t.app;
    kit.base = await listen(kit.app);
    kit.token = (await login(kit.app)).token;
  });
  afterAll(async () => {
    await kit.t?.close();
  });
  kit.newRoom = async (tag) => {
    const roomId = roomName(tag);
    await kit.app.liveRooms.create(roomId, 'owner');
    return roomId;
  };
  kit.post = (roomId, text, priority) =>
    kit.app.liveRooms.post(roomId, {
      from: 'u1',
      body: { text },
      ...(priority ? { priority } : {}),
    });
  return kit;
}

export const seqs = (list: LiveMessage[]) => list.map((m) => m.sequence);
export const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
