// The client address behind every per-IP limit: a forwarded header counts only from a configured proxy.
import type { BargainClaimData } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from './helpers.ts';
import { makeAdmin } from './kits/aftersale-kit.ts';
import { BARGAIN_TEST_ENV, help, makeHelper, makeItem, start } from './kits/bargain-kit.ts';
import { type Buyer, clientKey, makeBuyer, makeShopper } from './kits/order-kit.ts';

const PROXY = '10.200.0.1';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    ...BARGAIN_TEST_ENV,
    TRUST_PROXY: `${PROXY},10.201.0.0/16`,
    AUTH_CACHE_MS: '0',
    REDEEM_USER_FAILS: '100',
    REDEEM_IP_FAILS: '3',
    REDEEM_WARN_FAILS: '100',
    SECKILL_USER_RATE: '100',
    SECKILL_IP_RATE: '2',
  });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A fresh address in a /16 (10.45.x.y, 10.46.x.y …): what a client would forge. */
const addr = (net: number) => `10.${net}.${(++seq >> 8) & 255}.${(seq & 255) + 1}`;

function redeemWrong(token: string, remoteAddress: string, forwardedFor: string) {
  return call(t.app, {
    method: 'POST',
    url: `${API}/redeem/redeem`,
    token,
    payload: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('redeem: wrong codes per IP', () => {
  it('a forged X-Forwarded-For from a client still counts against its own address', async () => {
    const client = addr(45);
    const errors: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await makeShopper(t.app);
      errors.push((await redeemWrong(u.token, client, addr(46))).body.error);
    }
    expect(errors).toEqual([
      'REDEEM_CODE_INVALID',
      'REDEEM_CODE_INVALID',
      'REDEEM_TOO_MANY',
      'REDEEM_TOO_MANY',
    ]);
  });

  it('through a trusted proxy each forwarded address is counted on its own', async () => {
    const shopper = await makeShopper(t.app);
    const spread: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      spread.push((await redeemWrong(shopper.token, PROXY, addr(47))).body.error);
    }
    expect(spread).toEqual(Array(5).fill('REDEEM_CODE_INVALID'));
    // One forwarded address is limited, whichever configured proxy it comes through.
    const one = addr(48);
    const same: (string | undefined)[] = [];
    for (const via of [PROXY, '10.201.3.4', PROXY]) {
      same.push((await redeemWrong(shopper.token, via, one)).body.error);
    }
    expect(same).toEqual(['REDEEM_CODE_INVALID', 'REDEEM_CODE_INVALID', 'REDEEM_TOO_MANY']);
    // What the client itself put in the header (left of the proxy's entry) is not believed.
    const real = addr(49);
    const chained: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      chained.push((await redeemWrong(shopper.token, PROXY, `${addr(50)}, ${real}`)).body.error);
    }
    expect(chained).toEqual(['REDEEM_CODE_INVALID', 'REDEEM_CODE_INVALID', 'REDEEM_TOO_MANY']);
  });
});

describe('flash sale: attempts per second per IP', () => {
  /** Three users' attempts at once (no captcha ticket: the rate is checked before it). */
  async function burst(remoteAddress: string, forwarded: () => string) {
    const users = await Promise.all([0, 1, 2].map(() => makeShopper(t.app)));
    const answers = await Promise.all(
      users.map((u) =>
        call(t.app, {
          method: 'POST',
          url: `${API}/seckill/rush`,
          token: u.token,
          payload: { itemId: 1, addressId: 1, clientKey: clientKey() },
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded() },
        }),
      ),
    );
    return answers.filter((a) => a.body.error === 'SECKILL_BUSY').length;
  }

  it('a forged header does not spread one client over many addresses', async () => {
    expect(await burst(addr(45), () => addr(46))).toBe(1);
  });

  it('a trusted proxy’s forwarded addresses are limited each on its own', async () => {
    expect(await burst(PROXY, () => addr(51))).toBe(0);
  });
});

describe('bargain: helps from one IP send the claim to audit', () => {
  async function helpedBy(
    who: Buyer,
    helps: { ip: string; forwardedFor: string }[],
  ): Promise<{ ips: string[]; status: string }> {
    const { itemId } = await makeItem(t.app, admin, { helpersNeeded: helps.length });
    const s = await start(t.app, who.token, itemId);
    const id = s.body.data.bargain.id;
    for (const opts of helps) {
      const h = await makeHelper(t.app);
      const r = await help(t.app, h.token, id, opts);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const rows = await t.app.deps.db
      .selectFrom('bargain_help')
      .select('ip')
      .where('bargain_id', '=', id)
      // The starter's own first cut has no address.
      .where('ip', '<>', '')
      .execute();
    const claim = await call<BargainClaimData>(t.app, {
      method: 'POST',
      url: `${API}/bargain/claim`,
      token: who.token,
      payload: { bargainId: id, addressId: who.addressId, clientKey: clientKey() },
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    return { ips: rows.map((r) => r.ip), status: claim.body.data.claim.status };
  }

  it('forged headers from one client are still one IP: the claim waits for the operator', async () => {
    const client = addr(45);
    const got = await helpedBy(
      await makeBuyer(t.app),
      [0, 1, 2].map(() => ({ ip: client, forwardedFor: addr(46) })),
    );
    expect(got.ips).toEqual([client, client, client]);
    expect(got.status).toBe('audit');
  });

  it('through a trusted proxy the helpers’ own addresses are recorded', async () => {
    const forwarded = [addr(52), addr(52), addr(52)];
    const got = await helpedBy(
      await makeBuyer(t.app),
      forwarded.map((f) => ({ ip: PROXY, forwardedFor: f })),
    );
    expect(got.ips.sort()).toEqual([...forwarded].sort());
    expect(got.status).not.toBe('audit');
  });
});
