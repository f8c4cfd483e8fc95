import {
  KICKED_OUT,
  type KickedOutType,
  LIVE_ONLINE_EXPIRE_S,
  LIVE_ONLINE_REFRESH_MS,
  LIVE_WS_PATH,
  type LiveClientFrame,
  type LiveMessage,
  type LivePriority,
  type LiveServerFrame,
} from '@chaopin/contracts';
import { SeqTracker } from './seq-tracker.ts';

/** The part of the browser WebSocket this client uses (Node tests pass `ws` instances). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type LiveSocketFactory = (url: string) => LiveSocket;

export interface LiveClientOptions {
  /** Server origin as ws(s)://host[:port]; the path is LIVE_WS_PATH. */
  url: string;
  /** Logged-in viewers (who may post): IM user id + userSig, or an app session token. */
  userID?: string;
  userSig?: string;
  token?: string;
  /** Join several live rooms at once (else joining another quits the earlier one, as SPEC §4). */
  unlimited?: boolean;
  socketFactory?: LiveSocketFactory;
  /** Reconnect delay (SPEC §9 socket reconnect delay 1000 ms). */
  reconnectMs?: number;
  requestTimeoutMs?: number;
}

export class LiveError extends Error {
  constructor(
    readonly code: number,
    readonly error: string,
    msg: string,
  ) {
    super(msg);
  }
}

type Events = {
  message: (messages: LiveMessage[]) => void;
  dismissed: (roomId: string) => void;
  state: (state: 'connected' | 'connecting' | 'disconnected') => void;
  /** The server ended this login (sig expired or force logout): the client is closed for good. */
  kicked: (type: KickedOutType) => void;
};

/** The server's close code after a `kicked` frame (see the server's live-ws.ts). */
const KICKED_CLOSE = 4001;

interface Pending {
  resolve(frame: LiveServerFrame): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Live chat room (AVChatRoom) client over plain WebSocket: batches in, every sequence delivered
 * once and in order (gaps re-fetched from the ring buffer), rejoin after reconnect.
 */
export class LiveRoomClient {
  private socket: LiveSocket | null = null;
  private opening: Promise<void> | null = null;
  private readonly rooms = new Map<string, SeqTracker>();
  private readonly pending = new Map<number, Pending>();
  private readonly online = new Map<string, { value: number; at: number; expireMs: number }>();
  private readonly listeners: { [K in keyof Events]: Set<Events[K]> } = {
    message: new Set(),
    dismissed: new Set(),
    state: new Set(),
    kicked: new Set(),
  };
  private nextId = 1;
  private closed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: LiveClientOptions) {}

  on<K extends keyof Events>(event: K, fn: Events[K]): void {
    this.listeners[event].add(fn);
  }
  off<K extends keyof Events>(event: K, fn: Events[K]): void {
    this.listeners[event].delete(fn);
  }
  private emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    for (const fn of this.listeners[event]) (fn as (...a: Parameters<Events[K]>) => void)(...args);
  }

  /** Rooms joined now. */
  joined(): string[] {
    return [...this.rooms.keys()];
  }

  /** Messages lost for good (gone from the ring buffer before they could be re-fetched). */
  lost(roomId: string): number {
    return this.rooms.get(roomId)?.lost ?? 0;
  }

  async joinGroup(roomId: string): Promise<{ nextSeq: number; onlineMemberNum: number }> {
    if (!this.options.unlimited) {
      for (const other of this.rooms.keys()) if (other !== roomId) await this.quitGroup(other);
    }
    const tracker =
      this.rooms.get(roomId) ??
      new SeqTracker(
        (messages) => this.emit('message', messages),
        (from, to) => void this.fetchGap(roomId, from, to),
      );
    this.rooms.set(roomId, tracker);
    try {
      const answer = await this.request({ op: 'join', roomId });
      if (answer.op !== 'joined')
        throw new LiveError(400, 'LIVE_FRAME_INVALID', 'unexpected answer');
      tracker.start(answer.nextSeq);
      this.online.set(roomId, {
        value: answer.onlineMemberNum,
        at: Date.now(),
        expireMs: LIVE_ONLINE_EXPIRE_S * 1000,
      });
      return { nextSeq: answer.nextSeq, onlineMemberNum: answer.onlineMemberNum };
    } catch (err) {
      this.rooms.delete(roomId);
      throw err;
    }
  }

  async quitGroup(roomId: string): Promise<void> {
    if (!this.rooms.delete(roomId)) return;
    this.online.delete(roomId);
    if (this.socket?.readyState === 1)
      await this.request({ op: 'quit', roomId }).catch(() => undefined);
  }

  async sendMessage(roomId: string, body: unknown, priority?: LivePriority): Promise<LiveMessage> {
    const answer = await this.request({
      op: 'post',
      roomId,
      body,
      ...(priority ? { priority } : {}),
    });
    if (answer.op !== 'posted') throw new LiveError(400, 'LIVE_FRAME_INVALID', 'unexpected answer');
    return answer.message;
  }

  /** SPEC §9: cached up to 60 s, asked again no more often than every 3 s. */
  async getGroupOnlineMemberCount(roomId: string): Promise<number> {
    const cached = this.online.get(roomId);
    const now = Date.now();
    if (cached && now - cached.at < LIVE_ONLINE_REFRESH_MS) return cached.value;
    try {
      const answer = await this.request({ op: 'online', roomId });
      if (answer.op !== 'online')
        throw new LiveError(400, 'LIVE_FRAME_INVALID', 'unexpected answer');
      this.online.set(roomId, {
        value: answer.onlineMemberNum,
        at: now,
        expireMs: answer.expireTime * 1000,
      });
      return answer.onlineMemberNum;
    } catch (err) {
      if (cached && now - cached.at < cached.expireMs) return cached.value;
      throw err;
    }
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.rooms.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new LiveError(400, 'LIVE_CLOSED', 'closed'));
      this.pending.delete(id);
    }
    this.socket?.close();
    this.socket = null;
  }

  private kicked(type: KickedOutType) {
    if (this.closed) return;
    this.close();
    this.emit('kicked', type);
  }

  private async fetchGap(roomId: string, from: number, to: number) {
    const tracker = this.rooms.get(roomId);
    try {
      const answer = await this.request({ op: 'fetch', roomId, from, to });
      if (answer.op === 'messages') tracker?.fetched(from, to, answer.messages);
    } catch {
      tracker?.fetchFailed();
    }
  }

  private url(): string {
    const q = new URLSearchParams();
    const { userID, userSig, token } = this.options;
    if (token) q.set('token', token);
    else if (userID && userSig) {
      q.set('userID', userID);
      q.set('userSig', userSig);
    }
    const query = q.toString();
    return `${this.options.url.replace(/\/$/, '')}${LIVE_WS_PATH}${query ? `?${query}` : ''}`;
  }

  private connect(): Promise<void> {
    if (this.socket?.readyState === 1) return Promise.resolve();
    if (this.opening) return this.opening;
    if (this.closed) return Promise.reject(new LiveError(400, 'LIVE_CLOSED', 'closed'));
    const factory =
      this.options.socketFactory ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
    this.emit('state', 'connecting');
    this.opening = new Promise<void>((resolve, reject) => {
      const socket = factory(this.url());
      this.socket = socket;
      socket.onopen = () => {
        this.opening = null;
        this.emit('state', 'connected');
        resolve();
      };
      socket.onmessage = (ev) => this.onFrame(String(ev.data));
      socket.onerror = () => undefined;
      socket.onclose = (ev) => {
        if (this.socket !== socket) return;
        // The frame normally comes first; the close code covers a frame that was lost.
        if (ev?.code === KICKED_CLOSE && !this.closed)
          this.kicked(
            ev.reason === KICKED_OUT.USERSIG_EXPIRED
              ? KICKED_OUT.USERSIG_EXPIRED
              : KICKED_OUT.REST_API,
          );
        this.socket = null;
        const wasOpening = this.opening;
        this.opening = null;
        for (const [id, p] of this.pending) {
          clearTimeout(p.timer);
          p.reject(new LiveError(400, 'LIVE_DISCONNECTED', '网络已断开'));
          this.pending.delete(id);
        }
        if (wasOpening) reject(new LiveError(400, 'LIVE_DISCONNECTED', '网络已断开'));
        if (this.closed) return;
        this.emit('state', 'disconnected');
        if (this.rooms.size) this.scheduleReconnect();
      };
    });
    return this.opening;
  }

  private scheduleReconnect() {
    if (this.reconnectTimer || this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.rejoin();
    }, this.options.reconnectMs ?? 1000);
  }

  /** After a reconnect: join every room again; SeqTracker fetches what was posted meanwhile. */
  private async rejoin() {
    try {
      await this.connect();
      for (const [roomId, tracker] of this.rooms) {
        const answer = await this.request({ op: 'join', roomId });
        if (answer.op === 'joined') tracker.start(answer.nextSeq);
      }
    } catch {
      this.scheduleReconnect();
    }
  }

  private async request(frame: LiveClientFrame): Promise<LiveServerFrame> {
    await this.connect();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new LiveError(408, 'LIVE_TIMEOUT', '网络请求超时，请稍后再试'));
      }, this.options.requestTimeoutMs ?? 10_000);
      this.pending.set(id, { resolve, reject, timer });
      this.socket?.send(JSON.stringify({ ...frame, id }));
    });
  }

  private onFrame(raw: string) {
    let frame: LiveServerFrame;
    try {
      frame = JSON.parse(raw) as LiveServerFrame;
    } catch {
      return;
    }
    if (frame.op === 'batch') {
      this.rooms.get(frame.roomId)?.add(frame.messages);
      return;
    }
    if (frame.op === 'kicked') {
      this.kicked(frame.type);
      return;
    }
    if (frame.op === 'dismissed') {
      this.rooms.delete(frame.roomId);
      this.emit('dismissed', frame.roomId);
      return;
    }
    const id = 'id' in frame ? frame.id : undefined;
    const waiting = id === undefined ? undefined : this.pending.get(id);
    if (!waiting || id === undefined) return;
    this.pending.delete(id);
    clearTimeout(waiting.timer);
    if (frame.op === 'error') waiting.reject(new LiveError(frame.code, frame.error, frame.msg));
    else waiting.resolve(frame);
  }
}
