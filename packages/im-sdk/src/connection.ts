import { IM, type ImAck, type ImCommand, type ImPayload, PUSH } from '@chaopin/contracts';
import { io, type Socket } from 'socket.io-client';
import { TimError } from './errors.ts';
import { sigCode } from './tim-codes.ts';

export type ConnState = 'initial' | 'opening' | 'opened' | 'reconnecting' | 'closed' | 'error';

export interface ConnectionHooks {
  /** Every (re)connection, after auth: the SDK catches up by sequence here. */
  onOpen(first: boolean): void;
  onNetState(state: 'connected' | 'connecting' | 'disconnected'): void;
  onPush(event: string, data: unknown): void;
  /** Reconnect attempts exhausted: closed, disconnected error. */
  onClosed(error: TimError): void;
  /** Kicked out by the server (a TIM KICKED_OUT type): closed, and no reconnect. */
  onKicked?(type: string): void;
}

/**
 * The socket and its state machine (SPEC §4): heartbeat every 4500 ms (engine ping/pong), and on an
 * unexpected disconnect one reconnect attempt at once, then one every 2 s, at most 15, then closed.
 */
export class Connection {
  state: ConnState = 'initial';
  private socket: Socket | undefined;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opened = false;

  constructor(
    private readonly url: string,
    private readonly hooks: ConnectionHooks,
    /** SPEC §9: 15 attempts, 2 s apart (tests shorten the interval). */
    private readonly retry = {
      max: IM.RECONNECT_MAX as number,
      intervalMs: IM.RECONNECT_INTERVAL_MS as number,
    },
    private readonly transports: Array<'websocket' | 'polling'> = ['websocket', 'polling'],
  ) {}

  /** Opens and authenticates; resolves on the first successful connect. */
  open(userID: string, userSig: string): Promise<void> {
    if (this.state === 'opening' || this.state === 'opened')
      return Promise.reject(TimError.of('IM_INVALID_OPERATION'));
    this.state = 'opening';
    this.opened = false;
    const socket = io(this.url, {
      path: '/socket.io/',
      auth: { userID, userSig },
      reconnection: false,
      // WebSocket first; HTTP long-polling when WebSocket cannot get through.
      transports: this.transports,
      tryAllTransports: true,
      timeout: IM.REQUEST_TIMEOUT_MS,
    });
    this.socket = socket;
    socket.onAny((event: string, data: unknown) => {
      if (event === PUSH.KICKED) this.kicked(String((data as { type?: unknown })?.type ?? ''));
      else this.hooks.onPush(event, data);
    });
    return new Promise<void>((resolve, reject) => {
      socket.on('connect', () => {
        this.attempts = 0;
        clearTimeout(this.timer);
        const first = !this.opened;
        this.opened = true;
        this.state = 'opened';
        this.hooks.onNetState('connected');
        this.hooks.onOpen(first);
        if (first) resolve();
      });
      socket.on('connect_error', (err: Error & { data?: ImAck & { kicked?: string } }) => {
        const ack = err.data;
        // Refused while reconnecting because the sig expired or a kick revoked it: the same
        // outcome as a kick that reaches an online session.
        if (ack?.error === 'IM_SIG_INVALID' && ack.kicked && this.opened) {
          this.kicked(ack.kicked);
          return;
        }
        if (ack?.error === 'IM_SIG_INVALID') {
          // Auth failure clears state and raises the auth error (SPEC §4).
          this.shut();
          this.state = 'error';
          // TIM's codes: 70001 the sig expired, 70003 revoked by a kick, 70009 not a sig of ours.
          const e = new TimError(ack.error, ack.msg, {
            status: ack.code,
            code: sigCode(ack.kicked),
          });
          if (!this.opened) reject(e);
          else this.hooks.onClosed(e);
          return;
        }
        if (!this.opened) {
          this.shut();
          this.state = 'error';
          reject(TimError.of('IM_DISCONNECTED'));
        }
        // While reconnecting, the attempt timer makes the next try.
      });
      socket.on('disconnect', (reason) => {
        if (reason === 'io client disconnect' || this.state !== 'opened') return;
        this.state = 'reconnecting';
        this.hooks.onNetState('connecting');
        this.attempts = 0;
        this.attempt();
      });
    });
  }

  /**
   * One reconnect attempt: the first at once, the next ones every 2 s until connected, at most 15.
   * Each attempt restarts the manager, so an attempt cut short (no error, no connect) cannot stall.
   */
  private attempt() {
    clearTimeout(this.timer);
    if (this.state !== 'reconnecting' || !this.socket) return;
    if (this.attempts >= this.retry.max) {
      this.shut();
      this.state = 'closed';
      this.hooks.onNetState('disconnected');
      this.hooks.onClosed(TimError.of('IM_DISCONNECTED'));
      return;
    }
    this.attempts++;
    const socket = this.socket;
    socket.disconnect();
    socket.connect();
    this.timer = setTimeout(() => this.attempt(), this.retry.intervalMs);
  }

  /** Closes for good (no reconnect) and tells the SDK, once, however the kick arrived. */
  private kicked(type: string) {
    if (this.state === 'closed' || this.state === 'initial' || this.state === 'error') return;
    this.shut();
    this.state = 'closed';
    this.opened = false;
    if (this.hooks.onKicked) return this.hooks.onKicked(type);
    this.hooks.onNetState('disconnected');
    this.hooks.onClosed(TimError.of('IM_DISCONNECTED'));
  }

  /** For tests and network probes: drops the transport as a network loss would. */
  dropTransport() {
    this.socket?.io.engine?.close();
  }

  async request<C extends ImCommand, T = unknown>(cmd: C, payload: ImPayload<C>): Promise<T> {
    const socket = this.socket;
    if (!socket || this.state === 'closed' || this.state === 'error' || this.state === 'initial') {
      throw TimError.of('IM_DISCONNECTED');
    }
    let ack: ImAck<T> | undefined;
    // A request cut by a lost connection is sent again after the reconnect: every command is
    // idempotent (a message by its random, reads and revokes by their target).
    for (let tries = 0; !ack; tries++) {
      try {
        ack = (await socket.timeout(IM.REQUEST_TIMEOUT_MS).emitWithAck(cmd, payload)) as ImAck<T>;
      } catch (err) {
        const cut = (err as Error).message === 'socket has been disconnected';
        const state = this.state as ConnState;
        if (!cut || tries >= 3 || state === 'closed' || state === 'initial')
          throw TimError.of('IM_TIMEOUT');
      }
    }
    if (ack.error !== undefined) throw new TimError(ack.error, ack.msg, { status: ack.code });
    return ack.data;
  }

  private shut() {
    clearTimeout(this.timer);
    const s = this.socket;
    this.socket = undefined;
    s?.offAny();
    s?.removeAllListeners();
    s?.disconnect();
  }

  close() {
    this.shut();
    this.state = 'initial';
    this.opened = false;
  }
}
