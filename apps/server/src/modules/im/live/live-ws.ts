import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  KICKED_OUT,
  type KickedOutType,
  LIVE_FETCH_MAX,
  LIVE_WS_PATH,
  type LiveClientFrame,
  type LiveServerFrame,
} from '@chaopin/contracts';
import { type WebSocket, WebSocketServer } from 'ws';
import { AppError } from '../../../platform/errors.ts';
import type { LiveViewer } from './live-hub.ts';
import type { SigTimes } from './live-rooms.ts';
import { checkRoomId, type LiveService } from './live-service.ts';

/** A viewer this far behind is cut off (it reconnects and re-fetches) rather than buffered without bound. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const MAX_FRAME = 32 * 1024;
const MAX_ROOMS_PER_SOCKET = 20;
const PING_MS = 30_000;
/** Kicks are remembered this long for connections whose login was being checked meanwhile. */
const RECENT_KICK_MS = 60_000;

/** Close code after a `kicked` frame: the client must not reconnect with the same credential. */
export const LIVE_KICKED_CLOSE = 4001;

/**
 * Resolves who is on a connection from its URL query; null = anonymous viewer. `sig` is there when
 * the login was a userSig (an app session token has no expiry here).
 */
export type LiveAuthenticate = (
  query: URLSearchParams,
) => Promise<{ userID: string; sig?: SigTimes } | null>;

class Session implements LiveViewer {
  readonly rooms = new Set<string>();
  alive = true;
  /** A kick decided while answering a command: sent after that answer. */
  kickAfterReply?: KickedOutType;
  constructor(
    readonly ws: WebSocket,
    readonly userID: string | null,
    readonly sig?: SigTimes,
  ) {}

  sigExpired(now = Date.now()): boolean {
    return this.sig !== undefined && this.sig.expireMs <= now;
  }

  deliver(frame: Buffer): void {
    if (this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) {
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, { binary: false });
  }

  reply(frame: LiveServerFrame): void {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify(frame));
  }
}

function errorFrame(err: unknown, id: number | undefined): LiveServerFrame {
  const e = err instanceof AppError ? err : new AppError('INTERNAL');
  return {
    op: 'error',
    ...(id === undefined ? {} : { id }),
    code: e.status,
    error: e.id,
    msg: e.message,
  };
}

/**
 * Plain-ws endpoint of live rooms on the main HTTP server. Handles only LIVE_WS_PATH upgrades and leaves
 * every other upgrade (Socket.IO's /socket.io/) to its own listener.
 */
export class LiveSockets {
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME,
    clientTracking: true,
  });
  private readonly pinger: NodeJS.Timeout;
  /** userID → the latest kick time heard in the last RECENT_KICK_MS, and when it was heard. */
  private readonly recentKicks = new Map<string, { notBefore: number; at: number }>();

  constructor(
    private readonly live: LiveService,
    private readonly authenticate: LiveAuthenticate,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.pinger = setInterval(() => {
      for (const ws of this.wss.clients) {
        const session = (ws as WebSocket & { session?: Session }).session;
        if (!session) continue;
        if (session.sigExpired()) this.kick(session, KICKED_OUT.USERSIG_EXPIRED);
        else if (!session.alive) ws.terminate();
        else {
          session.alive = false;
          ws.ping();
        }
      }
    }, PING_MS);
    this.pinger.unref();
  }

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname !== LIVE_WS_PATH) return;
      // Anonymous viewers are upgraded in this tick: engine.io (Socket.IO) ends any upgrade socket
      // that has written nothing after 1 s, which a busy event loop could otherwise reach.
      const q = url.searchParams;
      if (!q.has('token') && !q.has('userSig')) {
        this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, null));
        return;
      }
      void this.authenticate(url.searchParams).then(
        (who) =>
          this.wss.handleUpgrade(request, socket, head, (ws) =>
            this.open(ws, who?.userID ?? null, who?.sig),
          ),
        () => {
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
        },
      );
    });
  }

  private open(ws: WebSocket, userID: string | null, sig?: SigTimes) {
    const session = new Session(ws, userID, sig);
    (ws as WebSocket & { session?: Session }).session = session;
    // A kick that came while this login was being checked found no session to end: end it now.
    const kick = userID ? this.recentKicks.get(userID) : undefined;
    if (sig && kick && sig.issuedMs < kick.notBefore) {
      this.kick(session, KICKED_OUT.REST_API);
      return;
    }
    ws.on('pong', () => {
      session.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      session.alive = true;
      void this.handle(session, isBinary ? null : data.toString());
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      for (const roomId of session.rooms) this.live.hub.quit(roomId, session);
      session.rooms.clear();
    });
  }

  private async handle(session: Session, raw: string | null) {
    let frame: LiveClientFrame;
    try {
      frame = JSON.parse(raw ?? '');
      if (!frame || typeof frame !== 'object' || typeof frame.op !== 'string') throw 0;
    } catch {
      session.reply(errorFrame(new AppError('LIVE_FRAME_INVALID'), undefined));
      return;
    }
    const id = typeof frame.id === 'number' ? frame.id : undefined;
    try {
      session.reply(await this.command(session, frame, id));
    } catch (err) {
      if (!(err instanceof AppError)) this.log.warn({ err }, 'live ws command failed');
      session.reply(errorFrame(err, id));
    }
    if (session.kickAfterReply) this.kick(session, session.kickAfterReply);
  }

  private async command(
    session: Session,
    frame: LiveClientFrame,
    id: number | undefined,
  ): Promise<LiveServerFrame> {
    const tag = id === undefined ? {} : { id };
    switch (frame.op) {
      case 'ping':
        return { op: 'pong', ...tag };
      case 'join': {
        const roomId = checkRoomId(frame.roomId);
        await this.live.requireRoom(roomId);
        if (!session.rooms.has(roomId) && session.rooms.size >= MAX_ROOMS_PER_SOCKET) {
          throw new AppError('LIVE_FRAME_INVALID');
        }
        session.rooms.add(roomId);
        this.live.hub.join(roomId, session);
        const [nextSeq, online] = await Promise.all([
          this.live.nextSeq(roomId),
          this.live.onlineCount(roomId),
        ]);
        return { op: 'joined', ...tag, roomId, nextSeq, onlineMemberNum: online.onlineMemberNum };
      }
      case 'quit': {
        const roomId = checkRoomId(frame.roomId);
        session.rooms.delete(roomId);
        this.live.hub.quit(roomId, session);
        return { op: 'quitted', ...tag, roomId };
      }
      case 'fetch': {
        const roomId = this.joined(session, frame.roomId);
        const { from, to } = frame;
        if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) {
          throw new AppError('LIVE_SEQ_INVALID');
        }
        const messages = await this.live.fetch(
          roomId,
          from,
          Math.min(to, from + LIVE_FETCH_MAX - 1),
        );
        return { op: 'messages', ...tag, roomId, messages };
      }
      case 'post': {
        if (!session.userID) throw new AppError('LIVE_LOGIN_REQUIRED');
        if (session.sigExpired()) {
          session.kickAfterReply = KICKED_OUT.USERSIG_EXPIRED;
          throw new AppError('LIVE_LOGIN_REQUIRED');
        }
        const roomId = this.joined(session, frame.roomId);
        const message = await this.live.post(roomId, {
          from: session.userID,
          body: frame.body,
          ...(frame.priority === undefined ? {} : { priority: frame.priority }),
        });
        return { op: 'posted', ...tag, message };
      }
      case 'online': {
        const roomId = checkRoomId(frame.roomId);
        await this.live.requireRoom(roomId);
        return { op: 'online', ...tag, roomId, ...(await this.live.onlineCount(roomId)) };
      }
      default:
        throw new AppError('LIVE_FRAME_INVALID');
    }
  }

  private joined(session: Session, roomId: unknown): string {
    const id = checkRoomId(roomId);
    if (!session.rooms.has(id)) throw new AppError('LIVE_NOT_JOINED');
    return id;
  }

  /** Tells a dismissed room's viewers and forgets the room on their sessions. */
  dismissed(roomId: string, viewers: LiveViewer[]): void {
    for (const viewer of viewers) {
      if (viewer instanceof Session) {
        viewer.rooms.delete(roomId);
        viewer.reply({ op: 'dismissed', roomId });
      }
    }
  }

  /** A kick (REST force logout, on any node): this user's sessions on older sigs are kicked out. */
  revoked(userID: string, notBefore: number): void {
    const now = Date.now();
    for (const [id, k] of this.recentKicks)
      if (now - k.at > RECENT_KICK_MS) this.recentKicks.delete(id);
    const known = this.recentKicks.get(userID)?.notBefore ?? 0;
    this.recentKicks.set(userID, { notBefore: Math.max(known, notBefore), at: now });
    for (const ws of this.wss.clients) {
      const session = (ws as WebSocket & { session?: Session }).session;
      if (session?.userID === userID && session.sig && session.sig.issuedMs < notBefore)
        this.kick(session, KICKED_OUT.REST_API);
    }
  }

  /** Says why, then closes: the client stops reconnecting with this credential. */
  private kick(session: Session, type: KickedOutType): void {
    session.reply({ op: 'kicked', type });
    session.ws.close(LIVE_KICKED_CLOSE, type);
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
