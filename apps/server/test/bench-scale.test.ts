// bench:scale keeps working (issue 31): its seed at SCALE=0.001 on the embedded database, a
// server process on it, and one pass of every page of the sweep as signed-in users, each answer
// a success (pages.ts, sweep.ts); the chat pages over the IM socket. The figures come from
// `npm run bench:scale` (docs/BENCHMARKS.md); this only proves the scripts and the data valid.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { countsFor, scaleArg } from '../../../bench/scale/counts.ts';
import { pagesFor } from '../../../bench/scale/pages.ts';
import { rowCounts, seedTarget, type Target } from '../../../bench/scale/seed.ts';
import {
  imOnePass,
  imSessions,
  onePass,
  operatorToken,
  type Server,
  signIn,
  startOn,
} from '../../../bench/scale/sweep.ts';
import { freePort } from './kits/process-kit.ts';

const counts = countsFor(0.001);
let dataDir = '';
let server: Server | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('bench:scale at SCALE=0.001 (embedded)', () => {
  it('takes SCALE from --scale or the environment, and refuses what is not in (0, 1]', () => {
    expect(scaleArg(['node', 'run.ts', '--scale', '0.05'], {})).toBe(0.05);
    expect(scaleArg(['node', 'run.ts'], { SCALE: '0.01' })).toBe(0.01);
    expect(scaleArg(['node', 'run.ts'], {})).toBe(1);
    for (const bad of ['0', '-1', '2', 'abc']) {
      expect(() => scaleArg(['node', 'run.ts', '--scale', bad], {})).toThrow(/SCALE/);
    }
  });

  it('seeds every table at scale and serves every page of the sweep to signed-in users', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chaopin-scale-test-'));
    const target: Target = { kind: 'pglite', dataDir, env: { DATA_DIR: dataDir } };
    const file = inject('pgliteTemplate');
    const template = file ? new Blob([await readFile(file)]) : undefined;
    await seedTarget(target, counts, { pgliteTemplate: template, quiet: true });
    const { rows } = await rowCounts(target);
    expect(rows).toMatchObject({
      product: counts.products,
      sku: counts.products * counts.skusPerProduct,
      app_user: counts.users + 1,
      shop_order: counts.orders,
      refund: counts.aftersales,
      im_message: counts.messages,
      live_room: counts.rooms,
      user_coupon: counts.coupons,
      promo_user: counts.members,
    });
    expect(rows.ledger_entry).toBeGreaterThan(2 * counts.orders);

    server = await startOn(target, await freePort());
    const sessions = await signIn(server.base, counts, 4);
    const operator = await operatorToken(server.base);
    await onePass(server.base, pagesFor(counts), sessions, operator);
    const socks = await imSessions(server.base, sessions);
    try {
      expect(socks.some((s) => s.conversationID)).toBe(true);
      await imOnePass(socks);
    } finally {
      for (const s of socks) s.socket.close();
    }
  }, 180_000);
});
