// The page sweep of bench:scale: a server on the seeded database, signed-in users (the SMS
// login), then every page of pages.ts under 100 concurrent connections (autocannon), and the
// chat pages (conversation list and history, commands on the IM socket) with 100 requests in
// flight. `onePass` asks each page once per user instead and checks the answers (the CI test).
import { readFileSync } from 'node:fs';
// @ts-expect-error autocannon ships no types (its result is read as AutocannonResult below)
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
// @ts-expect-error the shared harness is plain JavaScript (no types)
import { API, CONNECTIONS, loginPhone, startServerOn } from '../lib.mjs';
import { type Counts, OPERATOR_PHONE, phoneOf } from './counts.ts';
import type { Page, Session } from './pages.ts';
import type { Target } from './seed.ts';

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** The fields of autocannon's result this bench reads. */
export interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}

export interface Row {
  label: string;
  p50: number;
  p99: number;
  reqPerSec: number;
  non2xx: number;
  errors: number;
}

/** The server on the seeded data (the embedded one without its ANALYZE pass: the seed made it). */
export function startOn(target: Target, port: number): Promise<Server> {
  return startServerOn(port, {
    ...target.env,
    ...(target.kind === 'pglite' ? { EMBEDDED_ANALYZE_MS: '0' } : {}),
  });
}

/** The server process's resident memory, MB (Linux). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

async function api<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${API}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      TOKEN: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (res.status !== 200 || json.code !== 1) {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json.data;
}

/**
 * `n` signed-in users: the heaviest half (ids 1.., the most orders, chats and the biggest
 * teams) and half spread over everyone; each with their address, latest order and a hot SKU.
 */
export async function signIn(base: string, c: Counts, n: number): Promise<Session[]> {
  const ids = new Set<number>();
  for (let i = 1; i <= Math.ceil(n / 2); i++) ids.add(i);
  for (let i = 1; ids.size < n; i++)
    ids.add(Math.min(c.users, 1 + Math.floor(c.users * (i / n) ** 2)));
  const sessions: Session[] = [];
  for (const userId of ids) {
    const token = (await loginPhone(base, phoneOf(userId))) as string;
    const addresses = await api<Array<{ id: number }>>(base, token, 'address/query');
    const orders = await api<{ list: Array<{ orderNo: string }> }>(
      base,
      token,
      'order/list?pageNum=1&pageSize=1',
    );
    sessions.push({
      userId,
      token,
      addressId: addresses[0]?.id ?? 0,
      // A user without orders asks for the heaviest buyer's (answered 404: counted apart).
      orderNo: orders.list[0]?.orderNo ?? 'SO000000000001',
      skuId: 1 + ((userId * 3) % (c.products * c.skusPerProduct)),
    });
  }
  return sessions;
}

export const operatorToken = (base: string): Promise<string> => loginPhone(base, OPERATOR_PHONE);

/** One page under `connections` connections for `seconds`, each request the next session's. */
export function loadPage(
  base: string,
  page: Page,
  sessions: Session[],
  operator: string,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Row> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest(req: Record<string, unknown>) {
              const n = i++;
              const s = sessions[n % sessions.length] as Session;
              const body = page.body?.(s, n);
              return {
                ...req,
                method: page.method ?? 'GET',
                path: `${API}/${page.path(s, n)}`,
                headers: {
                  TOKEN: page.operator ? operator : s.token,
                  ...(body ? { 'content-type': 'application/json' } : {}),
                },
                ...(body ? { body: JSON.stringify(body) } : {}),
              };
            },
          },
        ],
      },
      (err: Error | null, r: AutocannonResult) =>
        err
          ? reject(err)
          : resolve({
              label: page.label,
              p50: r.latency.p50,
              p99: r.latency.p99,
              reqPerSec: Math.round(r.requests.average),
              non2xx: r.non2xx,
              errors: r.errors + r.timeouts,
            }),
    );
  });
}

/**
 * Waits out the requests a load run left behind (autocannon stops, the server still answers
 * what it had queued: on the embedded database's one connection, seconds of them), by asking
 * the page once more: the one connection answers in turn.
 */
export async function settle(base: string, page: Page, sessions: Session[], operator: string) {
  const s = sessions[0] as Session;
  await api(base, page.operator ? operator : s.token, page.path(s, 0), page.body?.(s, 0));
}

/** Asks each page once for every session and throws on any answer but a success. */
export async function onePass(base: string, pages: Page[], sessions: Session[], operator: string) {
  for (const page of pages) {
    for (const [n, s] of sessions.entries()) {
      await api(base, page.operator ? operator : s.token, page.path(s, n), page.body?.(s, n));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Chat pages: commands on the IM socket

type Ack = { code: number; data?: { conversations?: Array<{ conversationID: string }> } };

async function imSocket(base: string, s: Session): Promise<Socket> {
  const sig = await api<Record<string, unknown>>(base, s.token, 'user/getUserSig');
  const socket = io(base, {
    path: '/socket.io/',
    auth: sig,
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Each session's socket and the first conversation of its list (for the history page). */
export async function imSessions(base: string, sessions: Session[]) {
  const out: Array<{ socket: Socket; conversationID: string }> = [];
  for (const s of sessions) {
    const socket = await imSocket(base, s);
    const ack = (await socket
      .timeout(30_000)
      .emitWithAck('getConversationList', { count: 20 })) as Ack;
    if (ack.code !== 0) throw new Error(`getConversationList: ${JSON.stringify(ack)}`);
    out.push({ socket, conversationID: ack.data?.conversations?.[0]?.conversationID ?? '' });
  }
  return out;
}

export type ImPage = 'conversation list' | 'conversation history';
const imCommand = (page: ImPage, conversationID: string): [string, unknown] =>
  page === 'conversation list'
    ? ['getConversationList', { count: 20 }]
    : ['getMessageList', { conversationID, count: 15 }];

/** One chat page with CONNECTIONS commands in flight over the sessions' sockets for `seconds`. */
export async function loadIm(
  socks: Array<{ socket: Socket; conversationID: string }>,
  page: ImPage,
  seconds: number,
  inFlight = CONNECTIONS,
): Promise<Row> {
  const usable = page === 'conversation history' ? socks.filter((s) => s.conversationID) : socks;
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    const s = usable[w % usable.length];
    if (!s) return;
    while (performance.now() < until) {
      const [name, payload] = imCommand(page, s.conversationID);
      const t0 = performance.now();
      const ack = (await s.socket
        .timeout(30_000)
        .emitWithAck(name, payload)
        .catch(() => ({ code: -1 }))) as Ack;
      times.push(performance.now() - t0);
      if (ack.code !== 0) failed++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, w) => worker(w)));
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0);
  return {
    label: page,
    p50: at(50),
    p99: at(99),
    reqPerSec: Math.round(times.length / seconds),
    non2xx: failed,
    errors: 0,
  };
}

/** Each chat page once per socket; throws unless every answer is a success. */
export async function imOnePass(socks: Array<{ socket: Socket; conversationID: string }>) {
  for (const s of socks) {
    for (const page of ['conversation list', 'conversation history'] as const) {
      if (!s.conversationID && page === 'conversation history') continue;
      const [name, payload] = imCommand(page, s.conversationID);
      const ack = (await s.socket.timeout(30_000).emitWithAck(name, payload)) as Ack;
      if (ack.code !== 0) throw new Error(`${name}: ${JSON.stringify(ack).slice(0, 300)}`);
    }
  }
}
