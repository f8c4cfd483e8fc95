import type { ApiBody, LiveApplyJoinData, LiveLongPollData, LiveMessage } from '@chaopin/contracts';
import { LiveError } from './live-client.ts';

const API = '/chaopin-boot/api/v1/imLive';

export interface LongPollOptions {
  /** Server origin, http(s)://host[:port]. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Wait after a failed poll before the next (SPEC §9 polling 800 ms). */
  retryMs?: number;
  /** The clock (tests move it on). */
  now?: () => number;
  /**
   * Is the server reachable at all? Asked after more than 5 failures in a row: only then is the
   * channel disconnected (SPEC §4 "confirmed by a probe"). Default: GET /healthz answers.
   */
  probe?: () => Promise<boolean>;
}

type NetState = 'connected' | 'connecting' | 'disconnected';
/** SPEC §4: disconnected after more than 5 failures (confirmed by a probe). */
const MAX_FAILURES = 5;
/**
 * SPEC §4: no response for this long → disconnected; responses this far apart → the SDK reloads
 * (here: joins again for a fresh key and goes on from the last sequence it has).
 */
export const LONG_POLL_SILENCE_MS = 5 * 60_000;

/**
 * Anonymous live-room viewer by HTTP long-poll (SPEC §7 AVChatRoom startLongPoll): applyJoin gives
 * the key, then a loop of startLongPoll(key, startSeq) each held up to 90 s by the server. The loop
 * starts on join and is stopped and reset on quit or dismissal (SPEC §4).
 */
export class LiveLongPollClient {
  private roomId: string | null = null;
  private key = '';
  private nextSeq = 0;
  private abort: AbortController | null = null;
  private failures = 0;
  private lastResponseAt = 0;
  private state: NetState = 'connected';
  private readonly onMessage = new Set<(messages: LiveMessage[]) => void>();
  private readonly onDismissed = new Set<(roomId: string) => void>();
  private readonly onState = new Set<(state: NetState) => void>();
  private readonly onKicked = new Set<(roomId: string) => void>();
  private readonly onReload = new Set<(roomId: string) => void>();
  private loop: Promise<void> | null = null;

  constructor(private readonly options: LongPollOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async reachable(): Promise<boolean> {
    if (this.options.probe) return this.options.probe().catch(() => false);
    const doFetch = this.options.fetch ?? fetch;
    try {
      const res = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}/healthz`);
      return res.ok;
    } catch {
      return false;
    }
  }

  on(event: 'message', fn: (messages: LiveMessage[]) => void): void;
  on(event: 'dismissed', fn: (roomId: string) => void): void;
  on(event: 'state', fn: (state: NetState) => void): void;
  /** The server no longer accepts this channel's key: the channel is closed (join again). */
  on(event: 'kicked', fn: (roomId: string) => void): void;
  /** Responses came more than 5 minutes apart: the channel joined again for a fresh key. */
  on(event: 'reload', fn: (roomId: string) => void): void;
  on(event: 'message' | 'dismissed' | 'state' | 'kicked' | 'reload', fn: never): void {
    const set = {
      message: this.onMessage,
      dismissed: this.onDismissed,
      state: this.onState,
      kicked: this.onKicked,
      reload: this.onReload,
    }[event] as Set<(arg: unknown) => void>;
    set.add(fn);
  }

  private async call<T>(
    action: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    const res = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}${API}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    const envelope = (await res.json()) as ApiBody<T>;
    if (envelope.code !== 1) {
      const e = envelope as { code: number; error: string; msg: string };
      throw new LiveError(e.code, e.error, e.msg);
    }
    return envelope.data as T;
  }

  /** Joins (quitting any earlier room) and starts the poll loop; resolves once the key is obtained. */
  async joinGroup(roomId: string): Promise<{ nextSeq: number }> {
    await this.quitGroup();
    let data: LiveApplyJoinData;
    try {
      data = await this.call<LiveApplyJoinData>('applyJoin', { groupID: roomId });
    } catch (err) {
      // SPEC §4: no long-poll id could be obtained (an answered refusal is not a network state).
      if (!(err instanceof LiveError)) this.setState('disconnected');
      throw err;
    }
    this.roomId = roomId;
    this.key = data.longPollingKey;
    this.nextSeq = data.nextSeq;
    this.failures = 0;
    this.lastResponseAt = this.now();
    this.setState('connected');
    const abort = new AbortController();
    this.abort = abort;
    this.loop = this.run(abort.signal);
    return { nextSeq: data.nextSeq };
  }

  async quitGroup(): Promise<void> {
    this.abort?.abort();
    this.abort = null;
    this.roomId = null;
    this.key = '';
    this.nextSeq = 0;
    await this.loop?.catch(() => undefined);
    this.loop = null;
  }

  private setState(state: NetState) {
    if (state === this.state) return;
    this.state = state;
    for (const fn of this.onState) fn(state);
  }

  private async run(signal: AbortSignal) {
    while (!signal.aborted) {
      try {
        const data = await this.call<LiveLongPollData>(
          'startLongPoll',
          { key: this.key, startSeq: this.nextSeq },
          signal,
        );
        if (signal.aborted) return;
        const silent = this.now() - this.lastResponseAt > LONG_POLL_SILENCE_MS;
        this.lastResponseAt = this.now();
        this.failures = 0;
        this.setState('connected');
        this.key = data.key;
        const fresh = data.rspMsgList.filter((m) => m.sequence >= this.nextSeq);
        this.nextSeq = Math.max(this.nextSeq, data.nextSeq);
        if (fresh.length) for (const fn of this.onMessage) fn(fresh);
        if (silent) await this.reload(signal);
      } catch (err) {
        if (signal.aborted) return;
        if (
          err instanceof LiveError &&
          (err.error === 'LIVE_ROOM_DISMISSED' || err.error === 'LIVE_ROOM_NOT_FOUND')
        ) {
          const roomId = this.roomId ?? '';
          this.abort = null;
          this.roomId = null;
          for (const fn of this.onDismissed) fn(roomId);
          return;
        }
        if (err instanceof LiveError && err.error === 'LIVE_KEY_INVALID') {
          // SPEC §8: a kicked-out long-poll closes the channel; polling on with a key the server
          // refuses could never succeed.
          const roomId = this.roomId ?? '';
          this.abort = null;
          this.roomId = null;
          this.setState('disconnected');
          for (const fn of this.onKicked) fn(roomId);
          return;
        }
        this.failures++;
        if (this.now() - this.lastResponseAt > LONG_POLL_SILENCE_MS) this.setState('disconnected');
        else if (this.failures > MAX_FAILURES && !(await this.reachable()))
          this.setState('disconnected');
        else this.setState('connecting');
        await new Promise((r) => setTimeout(r, this.options.retryMs ?? 800));
      }
    }
  }

  /** A fresh key after a long silence; the loop goes on from the sequence it has. */
  private async reload(signal: AbortSignal) {
    const roomId = this.roomId;
    if (!roomId || signal.aborted) return;
    const data = await this.call<LiveApplyJoinData>('applyJoin', { groupID: roomId }, signal);
    if (signal.aborted) return;
    this.key = data.longPollingKey;
    for (const fn of this.onReload) fn(roomId);
  }
}
