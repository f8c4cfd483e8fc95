import {
  ERRORS,
  type ErrorId,
  IM,
  type ImAck,
  type ImCommand,
  KICKED_OUT,
  type KickedOutType,
  PAYLOADS,
  PUSH,
} from '@chaopin/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { type Socket, Server as SocketServer } from 'socket.io';
import { Compile } from 'typebox/compile';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findUnsafeInput,
  SAFE_INTEGER_RANGE,
  withIntegerBounds,
} from '../../platform/input-rules.ts';
import { connectRedis } from '../../platform/redis.ts';
import type { SigClaims } from './session/im-sig.ts';
import type { SigGate } from './session/sig-gate.ts';

/** Who sent a command: the IM user and the socket (so pushes can skip the sender's own session). */
export interface ImCaller {
  userID: string;
  socketId: string;
  /** Sent by the server itself (a store's auto replies), not by a person. */
  automatic?: boolean;
}

export type CommandHandler = (caller: ImCaller, payload: never) => Promise<unknown>;
export type CommandTable = { [C in ImCommand]?: { handler: CommandHandler; invalid: ErrorId } };

/** Delivers server events to every session of some users, on every node. */
export interface Pusher {
  toUsers(userIds: readonly string[], event: string, data: unknown, exceptSocket?: string): void;
}

const userRoom = (u: string) => `u:${u}`;
/** The sockets opened with one console user's 客服 desk credentials. */
const agentRoom = (agentId: number) => `a:${agentId}`;
/** Between nodes: a user's kick time, so every node's SigGate cache refuses the old sigs at once. */
const KICK_RELAY = 'im:kickTime';
/** setTimeout's longest delay; a later expiry re-arms the timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Command payload checks, with the REST API's input rules: integers bounded (IM times and sequences
 * are bigint: safe integers), and no NUL or unpaired surrogate in any string (checked in dispatch). */
const VALIDATORS = Object.fromEntries(
  Object.entries(PAYLOADS).map(([name, schema]) => [
    name,
    Compile(withIntegerBounds(schema, SAFE_INTEGER_RANGE)),
  ]),
) as Record<ImCommand, ReturnType<typeof Compile>>;

function fail(id: ErrorId): ImAck {
  return { code: ERRORS[id].status, error: id, msg: ERRORS[id].msg, data: null };
}

/**
 * The Socket.IO transport on the main HTTP server: userSig checked at connect, one room per user
 * (multi-login: every session of a user is in it), commands answered by acks. With REDIS_URL the
 * Redis adapter carries room broadcasts between nodes.
 */
export class ImGateway implements Pusher {
  readonly io: SocketServer;
  private readonly commands: CommandTable = {};

  private constructor(
    io: SocketServer,
    private readonly gate: SigGate,
    private readonly clustered: boolean,
  ) {
    this.io = io;
  }

  static async create(app: FastifyInstance, deps: Deps, gate: SigGate): Promise<ImGateway> {
    const io = new SocketServer(app.server, {
      path: '/socket.io/',
      pingInterval: IM.HEARTBEAT_MS,
      pingTimeout: IM.HEARTBEAT_MS,
      // A frame far over the 12 KB text limit is cut off by the transport (only that socket closes).
      maxHttpBufferSize: 256 * 1024,
      serveClient: false,
      // The live-room ws endpoint shares the HTTP server's upgrades: leave other paths alone.
      destroyUpgrade: false,
      cors: { origin: true, credentials: true },
    });
    if (deps.config.REDIS_URL) {
      const prefix = deps.config.REDIS_PREFIX;
      const pub = await connectRedis(deps.config.REDIS_URL, 'chaopin-im-pub', prefix);
      const sub = await connectRedis(deps.config.REDIS_URL, 'chaopin-im-sub', prefix);
      // The adapter's channels are not keys: the deployment's prefix goes into its key option.
      io.adapter(createAdapter(pub, sub, { key: `${prefix}im` }));
      app.addHook('onClose', async () => {
        pub.disconnect();
        sub.disconnect();
      });
    }
    const gw = new ImGateway(io, gate, Boolean(deps.config.REDIS_URL));
    io.use((socket, next) => {
      const { userID, userSig } = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      gate.check(userID, userSig).then(
        (claims) => {
          if (claims) {
            socket.data.claims = claims;
            return next();
          }
          const err = new Error(ERRORS.IM_SIG_INVALID.msg) as Error & { data: unknown };
          err.data = { ...fail('IM_SIG_INVALID'), kicked: gw.refusedAs(userID, userSig) };
          next(err);
        },
        (cause: unknown) => {
          deps.log.error({ err: cause }, 'im connect check failed');
          const err = new Error(ERRORS.INTERNAL.msg) as Error & { data: unknown };
          err.data = fail('INTERNAL');
          next(err);
        },
      );
    });
    io.on(KICK_RELAY, (userID: unknown, at: unknown) => {
      if (typeof userID === 'string' && typeof at === 'number') gate.learn(userID, at);
    });
    io.on('connection', (socket) => gw.onConnection(socket, deps));
    // Abrupt transport close on shutdown: clients see a lost connection and reconnect (to another
    // node, or to this one once it is back), then catch up by sequence.
    app.addHook('preClose', async () => {
      io.engine.close();
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        // socket.io's close also closes the HTTP server, which Fastify already does.
        io.engine.close();
        for (const nsp of io._nsps.values()) nsp.adapter.close();
        resolve();
      });
    });
    return gw;
  }

  register(table: CommandTable) {
    Object.assign(this.commands, table);
  }

  toUsers(userIds: readonly string[], event: string, data: unknown, exceptSocket?: string) {
    if (!userIds.length) return;
    const target = this.io.to(userIds.map(userRoom));
    (exceptSocket ? target.except(exceptSocket) : target).emit(event, data);
  }

  /**
   * Whether any of these users has a live session: Socket.IO asks every node through the Redis
   * adapter in cluster mode, so a session on another node counts too.
   */
  async online(userIds: readonly string[]): Promise<boolean> {
    if (!userIds.length) return false;
    return (await this.io.in(userIds.map(userRoom)).fetchSockets()).length > 0;
  }

  /**
   * REST force logout: every session of the user on every node gets the kick push and is closed,
   * and every credential issued before now is refused from here on (a new getUserSig works).
   */
  async forceLogout(userID: string) {
    const at = Date.now();
    await this.gate.revoke(userID, at);
    // Relayed before the disconnect (same Redis publisher, so delivered first): a kicked client
    // reconnecting to another node at once already meets the new kick time there.
    if (this.clustered) this.io.serverSideEmit(KICK_RELAY, userID, at);
    const room = userRoom(userID);
    this.io.to(room).emit(PUSH.KICKED, { type: KICKED_OUT.REST_API });
    this.io.in(room).disconnectSockets(true);
  }

  /**
   * A console user's access changed (every node hears it through the access module): this
   * node's desk sockets of theirs are checked again, and those that may no longer answer their
   * store are kicked (closed, as a platform kick: the desk does not sign in again by itself).
   */
  async recheckAgent(agentId: number): Promise<void> {
    const sockets = await this.io.local.in(agentRoom(agentId)).fetchSockets();
    for (const remote of sockets) {
      const socket = this.io.sockets.sockets.get(remote.id);
      if (socket) await this.kickUnlessAgentMay(socket);
    }
  }

  private async kickUnlessAgentMay(socket: Socket) {
    const claims = socket.data.claims as SigClaims;
    if (!(await this.gate.agentMay(claims)) && socket.connected)
      this.kick(socket, KICKED_OUT.REST_API);
  }

  /**
   * Why a refused connect was refused, when the SDK should report it as a kick (its sig expired
   * while it was reconnecting, or a REST kick came first) rather than as a plain auth error.
   */
  private refusedAs(userID: unknown, userSig: unknown): KickedOutType | undefined {
    const live = this.gate.sigs.claims(userSig);
    if (live?.userID === userID) return KICKED_OUT.REST_API;
    const ever = this.gate.sigs.claims(userSig, 0);
    return ever?.userID === userID ? KICKED_OUT.USERSIG_EXPIRED : undefined;
  }

  private kick(socket: Socket, type: KickedOutType) {
    socket.emit(PUSH.KICKED, { type });
    // The engine flushes the push (and the disconnect packet) before it closes the transport.
    socket.disconnect(true);
  }

  /** One timer per socket, for the lifetime of its sig; unref'd and cleared on disconnect. */
  private expireWithSig(socket: Socket, expireMs: number) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      const left = expireMs - Date.now();
      if (left <= 0) return this.kick(socket, KICKED_OUT.USERSIG_EXPIRED);
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      timer.unref();
    };
    socket.once('disconnect', () => clearTimeout(timer));
    arm();
  }

  private onConnection(socket: Socket, deps: Deps) {
    const claims = socket.data.claims as SigClaims;
    const userID = claims.userID;
    socket.data.userID = userID;
    // A kick that landed while this connect was being checked did not find it in the room.
    if (this.gate.revokedSince(claims)) return this.kick(socket, KICKED_OUT.REST_API);
    socket.join(userRoom(userID));
    if (claims.agentId !== undefined) {
      socket.join(agentRoom(claims.agentId));
      // A removal that committed while this connect was being checked found no socket in the
      // room; asked again now that it is in, it is seen (and a later one finds it in the room).
      this.kickUnlessAgentMay(socket).catch((err: unknown) =>
        deps.log.error({ err }, 'im desk agent check failed'),
      );
    }
    this.expireWithSig(socket, claims.expireMs);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = args[args.length - 1];
      if (typeof ack !== 'function') return; // a frame without an ack cannot be answered
      const respond = ack as (a: ImAck) => void;
      const payload = args.length > 1 ? args[0] : undefined;
      this.dispatch({ userID, socketId: socket.id }, event, payload)
        .then(respond)
        .catch((err: unknown) => {
          deps.log.error({ err, event }, 'im command failed');
          respond(fail('INTERNAL'));
        });
    });
  }

  private async dispatch(caller: ImCaller, event: unknown, payload: unknown): Promise<ImAck> {
    if (typeof event !== 'string' || !Object.hasOwn(this.commands, event))
      return fail('IM_UNKNOWN_COMMAND');
    const command = this.commands[event as ImCommand];
    if (!command) return fail('IM_UNKNOWN_COMMAND');
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
      return fail('IM_BAD_FRAME');
    if (findUnsafeInput(payload) || !VALIDATORS[event as ImCommand].Check(payload))
      return fail(command.invalid);
    try {
      return { code: 0, data: await command.handler(caller, payload as never) };
    } catch (err) {
      if (err instanceof AppError) return fail(err.id);
      throw err;
    }
  }
}
