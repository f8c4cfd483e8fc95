import type { ApiBody, LiveApplyJoinData, LiveLongPollData, LiveMessage } from '@chaopin/contracts';
import { LiveError } from './live-client.ts';

const API = '/chaopin-boot/api/v1/imLive';

export interface LongPollOptions {
  /** Server origin, http(s)://host[:port]. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Wait after a failed poll before the next (SPEC §9 polling 800 ms). */
  retryMs?: number;
}

type NetState = 'connected' | 'connecting' | 'disconnected';
/** SPEC §4: disconnected after more than 5 failures. */
const MAX_FAILURES = 5;

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
  private state: NetState = 'connected';
  private readonly onMessage = new Set<(messages: LiveMessage[]) => void>();
  private readonly onDismissed = new Set<(roomId: string) => void>();
  private readonly onState = new Set<(state: NetState) => void>();
  private loop: Promise<void> | null = null;

  constructor(private readonly options: LongPollOptions) {}

  on(event: 'message', fn: (messages: LiveMessage[]) => void): void;
  on(event: 'dismissed', fn: (roomId: string) => void): void;
  on(event: 'state', fn: (state: NetState) => void): void;
  on(event: 'message' | 'dismissed' | 'state', fn: never): void {
    const set = { message: this.onMessage, dismissed: this.onDismissed, state: this.onState }[
      event
    ] as Set<(arg: unknown) => void>;
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
    const data = await this.call<LiveApplyJoinData>('applyJoin', { groupID: roomId });
    this.roomId = roomId;
    this.key = data.longPollingKey;
    this.nextSeq = data.nextSeq;
    this.failures = 0;
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
        this.failures = 0;
        this.setState('connected');
        this.key = data.key;
        const fresh = data.rspMsgList.filter((m) => m.sequence >= this.nextSeq);
        this.nextSeq = Math.max(this.nextSeq, data.nextSeq);
        if (fresh.length) for (const fn of this.onMessage) fn(fresh);
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
        this.failures++;
        this.setState(this.failures > MAX_FAILURES ? 'disconnected' : 'connecting');
        await new Promise((r) => setTimeout(r, this.options.retryMs ?? 800));
      }
    }
  }
}
