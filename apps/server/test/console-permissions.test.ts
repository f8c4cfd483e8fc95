// The console's permission matrix, over every admin route the server registers: nobody reaches
// one without a session, a shopper never, a store's people only where their role's permissions
// say, and every /admin/ URL is a console route (none forgotten outside the gate).
import { ANY_STAFF_PERMISSION, STORE_PERMISSIONS } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers.ts';
import { type ConsoleUser, makeOperator, makeStore, makeStoreMember } from './kits/console-kit.ts';

let t: TestApp;
let owner: ConsoleUser;
let clerk: ConsoleUser;
let shopper: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  const operator = await makeOperator(t.app);
  const store = await makeStore(t.app);
  owner = await makeStoreMember(t.app, operator.token, store);
  clerk = await makeStoreMember(t.app, operator.token, store, 'staff', ['order.read']);
  shopper = (await login(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const hit = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET' | 'POST',
    url: url.replace(/:(\w+)/g, '1'),
    headers: token ? { token } : {},
    ...(method === 'GET' ? {} : { payload: {} }),
  });

describe('console permission matrix', () => {
  it('every /admin/ route of the API document is behind the console gate', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const gated = new Set(t.app.consoleRoutes.map((r) => `${r.method} ${r.url}`));
    const adminPaths = Object.entries(doc.paths)
      .filter(([path]) => path.includes('/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(adminPaths.length).toBeGreaterThan(60);
    expect(adminPaths.filter((p) => !gated.has(p))).toEqual([]);
  });

  it('anonymous 401, shopper 403 on every console route', async () => {
    for (const r of t.app.consoleRoutes) {
      const anon = await hit(r.method, r.url);
      expect([r.method, r.url, anon.statusCode]).toEqual([r.method, r.url, 401]);
      const asShopper = await hit(r.method, r.url, shopper);
      expect([r.method, r.url, asShopper.statusCode]).toEqual([r.method, r.url, 403]);
    }
  });

  it('a 商家 and a 店员 pass only where their permissions reach', async () => {
    const reaches = (held: readonly string[], perm: string | undefined) =>
      perm === ANY_STAFF_PERMISSION ||
      (perm !== undefined &&
        (held.includes(perm) ||
          (perm.endsWith('.read') && held.includes(perm.replace(/\.read$/, '.write')))));
    let checked = 0;
    for (const r of t.app.consoleRoutes) {
      for (const [who, held] of [
        [owner, STORE_PERMISSIONS],
        [clerk, ['order.read']],
      ] as const) {
        const res = await hit(r.method, r.url, who.token);
        const refused = res.statusCode === 403 && res.json().error === 'FORBIDDEN';
        expect([r.method, r.url, r.perm, held.length, refused]).toEqual([
          r.method,
          r.url,
          r.perm,
          held.length,
          !reaches(held, r.perm),
        ]);
        expect(res.statusCode).toBeLessThan(500);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(120);
  });
});
