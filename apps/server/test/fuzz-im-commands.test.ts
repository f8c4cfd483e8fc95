/**
 * Fuzz of every IM socket command (contracts/im-commands.ts PAYLOADS): each field of each command
 * gets hostile values (the corpus of fuzz-kit.ts: NUL, unpaired surrogates, huge and non-finite
 * numbers, wrong types, …). Every ack must be a success or a catalogue error, never INTERNAL: the
 * gateway applies the REST API's input rules (bounded integers, no NUL or unpaired surrogate in
 * any string, at any depth of a payload).
 *
 *   npx vitest run --project server apps/server/test/fuzz-im-commands.test.ts
 *   FUZZ_FULL=1 npx vitest run --project server apps/server/test/fuzz-im-commands.test.ts
 */
import type { AddressInfo } from 'node:net';
import { ERRORS, PAYLOADS } from '@chaopin/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  CORPUS,
  describeValue,
  fieldPaths,
  prng,
  Raw,
  type Schema,
  sample,
  setAt,
} from './kits/fuzz-kit.ts';
import { imUser } from './kits/im-kit.ts';

const FULL = process.env.FUZZ_FULL === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_617);
const PER_FIELD = 6;

/** What a socket carries: JSON, so a Raw text goes as what it parses to (1e309 → Infinity → null). */
const wire = (v: unknown): unknown => (v instanceof Raw ? JSON.parse(v.json) : v);

let t: TestApp;
let socket: Socket;
let peer: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const me = await imUser(t.app);
  peer = (await imUser(t.app)).userID;
  socket = io(url, { path: '/socket.io/', auth: me, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

type Ack = { code: number; error?: string };
const ask = (command: string, payload: unknown) =>
  socket.timeout(10_000).emitWithAck(command, payload) as Promise<Ack>;

function problem(ack: Ack): string | undefined {
  if (ack.code === 0) return undefined;
  if (typeof ack.error !== 'string' || !(ack.error in ERRORS)) return 'no catalogue error';
  if (ack.error === 'INTERNAL') return 'INTERNAL';
  return undefined;
}

/** Plausible payloads where the generic sample would stop at the first check. */
const BASES: Record<string, () => unknown> = {
  sendMessage: () => ({
    conversationType: 'C2C',
    to: peer,
    type: 'TIMTextElem',
    payload: { text: 'hi' },
    random: 1,
  }),
  addFriend: () => ({ to: peer }),
  getUserProfile: () => ({ userIDList: [peer] }),
  getPeerReadTime: () => ({ userIDList: [peer] }),
  createGroup: () => ({ type: 'Public', name: 'fuzz', memberList: [{ userID: peer }] }),
};

describe('fuzz of every IM socket command', () => {
  it('acks every hostile payload with success or a catalogue error, never INTERNAL', async () => {
    const rnd = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const [command, schema] of Object.entries(PAYLOADS)) {
      const base = BASES[command]?.() ?? sample(schema as Schema);
      const cases: Array<[string, unknown]> = [['baseline', base]];
      for (const path of fieldPaths(schema as Schema)) {
        for (const value of FULL ? CORPUS : rnd.pick(CORPUS, PER_FIELD)) {
          cases.push([
            `${path.join('.')} = ${describeValue(value)}`,
            setAt(base, path, wire(value)),
          ]);
        }
      }
      for (const value of FULL ? CORPUS : rnd.pick(CORPUS, 3)) {
        cases.push([`payload = ${describeValue(value)}`, wire(value)]);
      }
      for (const [what, payload] of cases) {
        const ack = await ask(command, payload);
        sent++;
        const bad = problem(ack);
        if (bad) failures.push(`${command} ${what} → ${bad}: ${JSON.stringify(ack).slice(0, 120)}`);
      }
    }
    console.log(`IM fuzz: ${sent} commands (seed ${SEED}${FULL ? ', full' : ''})`);
    expect(failures.slice(0, 40), `seed ${SEED}: ${failures.length} bad acks`).toEqual([]);
  }, 240_000);

  it('refuses a chat text with NUL or an unpaired surrogate, and huge numbers, as invalid', async () => {
    const message = BASES.sendMessage?.() as Record<string, unknown>;
    for (const text of ['a\u0000b', '\ud800', 'x\udc00y']) {
      const ack = await ask('sendMessage', { ...message, payload: { text } });
      expect(ack.error, JSON.stringify(text)).toBe('IM_MESSAGE_INVALID');
    }
    const custom = await ask('sendMessage', {
      ...message,
      payload: { text: 'ok' },
      cloudCustomData: 'x\u0000',
    });
    expect(custom.error).toBe('IM_MESSAGE_INVALID');
    const key = await ask('sendMessage', { ...message, payload: { text: 'ok', 'k\u0000': 1 } });
    expect(key.error).toBe('IM_MESSAGE_INVALID');
    for (const since of [2 ** 63, 1e300, -1]) {
      const ack = await ask('sync', { known: {}, since });
      expect(ack.code, String(since)).not.toBe(0);
      expect(ack.error).not.toBe('INTERNAL');
    }
    const fine = await ask('sendMessage', { ...message, payload: { text: '你好 😀' } });
    expect(fine.code).toBe(0);
  });
});
