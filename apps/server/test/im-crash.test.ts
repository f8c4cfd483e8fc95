import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import TIM, { type Message } from '@chaopin/im-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { API, createPgDatabase, randomPhone, TEST_DB } from './helpers.ts';
import { type Client, client, eventually, text } from './kits/im-kit.ts';
import { exitOf, freePort, startServer, waitHealthy } from './kits/process-kit.ts';

// The server process is killed (SIGKILL: no shutdown, batches of sends cut mid-statement) while a
// client sends as fast as it may. After a restart on the same database every message the client
// sent is stored exactly once, gapless, and reaches the peer once.

const children: ChildProcess[] = [];
const clients: Client[] = [];
let drop: (() => Promise<void>) | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  for (const c of clients) await c.close().catch(() => undefined);
  for (const child of children) child.kill('SIGKILL');
  await drop?.();
});

/** An API call to the spawned server: a form POST, or a GET when there is no body. */
async function api<T>(base: string, path: string, body?: Record<string, string>, token?: string) {
  const res = await fetch(`${base}${API}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { token } : {}),
    },
    ...(body ? { body: new URLSearchParams(body).toString() } : {}),
  });
  return ((await res.json()) as { data: T }).data;
}

/** A new app user signed in by SMS, and its IM credential. */
async function chatUser(base: string) {
  const phone = randomPhone();
  const { code } = await api<{ code: string }>(base, '/user/sms/send', { phone });
  const { token } = await api<{ token: string }>(base, '/user/mobileLogin', { phone, code });
  return api<{ userID: string; userSig: string }>(base, '/user/getUserSig', undefined, token);
}

describe.skipIf(TEST_DB !== 'postgres')('IM across a killed server process', () => {
  it('every send survives a SIGKILL mid-stream: stored once, gapless, delivered once', async () => {
    const db = await createPgDatabase();
    drop = db.drop;
    const port = await freePort();
    dataDir = await mkdtemp(join(tmpdir(), 'chaopin-crash-'));
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      REDIS_PREFIX: `crash${port}:`,
      LOG_LEVEL: 'warn',
    };
    const first = startServer(env);
    children.push(first.child);
    await waitHealthy(port);
    const base = `http://127.0.0.1:${port}`;
    const [a, b] = await Promise.all([chatUser(base), chatUser(base)]);
    const ca = await client(base, a);
    const cb = await client(base, b);
    clients.push(ca, cb);

    const n = 160;
    const sent: Message[] = [];
    const results: Array<Promise<unknown>> = [];
    let acked = 0;
    let killed: Promise<number | null> | undefined;
    for (let i = 0; i < n; i++) {
      const msg = text(ca.tim, b.userID, `m${i}`);
      sent.push(msg);
      results.push(
        ca.tim.sendMessage(msg).then(
          () => {
            acked++;
            // kill while sends are in flight
            if (acked === 40 && !killed) {
              killed = exitOf(first.child);
              first.child.kill('SIGKILL');
            }
          },
          () => undefined, // failed sends are resent below
        ),
      );
      if (i % 8 === 7) await new Promise((r) => setTimeout(r, 5));
    }
    await eventually(() => expect(killed).toBeDefined(), 10_000);
    await killed;
    const second = startServer(env);
    children.push(second.child);
    await waitHealthy(port);
    await Promise.all(results);
    // what the SDK could not send by itself (it retries a cut request after the reconnect) is
    // resent by the user: the same random, so a send whose ack was lost is not stored twice
    await eventually(() => expect(ca.tim.isReady()).toBe(true), 40_000);
    for (const msg of sent.filter((m) => m.status === 'fail')) await ca.tim.resendMessage(msg);

    expect(sent.map((m) => m.status)).toEqual(Array(n).fill('success'));
    expect(sent.map((m) => m.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
    await eventually(() => expect(cb.received).toHaveLength(n), 40_000);
    const texts = cb.received.map((m) => (m.payload as { text: string }).text);
    expect(new Set(texts).size).toBe(n);
    expect(cb.received.map((m) => m.sequence)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // the stored history agrees, page by page
    const history: number[] = [];
    let next: string | undefined;
    for (;;) {
      const page = await cb.tim.getMessageList({
        conversationID: `C2C${a.userID}`,
        count: 15,
        ...(next ? { nextReqMessageID: next } : {}),
      });
      history.push(...page.data.messageList.map((m: Message) => m.sequence));
      if (page.data.isCompleted) break;
      next = page.data.nextReqMessageID;
    }
    expect(history.sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(
      ca.events.filter((e) => e.name === TIM.EVENT.NET_STATE_CHANGE).length,
    ).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
