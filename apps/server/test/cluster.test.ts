import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, TEST_DB, type TestApp } from './helpers.ts';

/**
 * Two server nodes on one PostgreSQL and one Redis, as behind a load balancer: what one node
 * changes, the other sees at once, although each caches sessions and profiles.
 */
describe.runIf(TEST_DB === 'postgres')('cluster: two nodes', () => {
  let t: TestApp;
  let b: Awaited<ReturnType<TestApp['secondNode']>>;
  beforeAll(async () => {
    t = await createTestApp();
    b = await t.secondNode();
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (node: typeof b, token: string) =>
    call<{ nickname: string }>(node, { method: 'GET', url: `${API}/user/queryUser`, token });

  it('a logout on node A ends the session on node B at once', async () => {
    const { token } = await login(t.app);
    expect((await me(b, token)).status).toBe(200); // now cached on B
    await call(t.app, { method: 'POST', url: `${API}/user/logout`, token });
    await new Promise((r) => setTimeout(r, 100)); // pub/sub delivery
    expect((await me(b, token)).status).toBe(401);
  });

  it('a nickname changed on node A shows on node B at once', async () => {
    const { token } = await login(t.app);
    expect((await me(b, token)).body.data.nickname).toMatch(/^潮友_/);
    await call(t.app, {
      method: 'POST',
      url: `${API}/user/profile`,
      token,
      ...form({ nickname: '集群小潮' }),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await me(b, token)).body.data.nickname).toBe('集群小潮');
  });

  it('the SMS cool-down holds across nodes', async () => {
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const send = (node: typeof b) =>
      call(node, { method: 'POST', url: `${API}/user/sms/send`, ...form({ phone }) });
    expect((await send(t.app)).status).toBe(200);
    expect((await send(b)).status).toBe(429);
  });

  it('an upload stored through node A is served by node B', async () => {
    const { token } = await login(t.app);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call<string>(t.app, {
      method: 'POST',
      url: `${API}/common/multipleUploadLocal`,
      token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.status).toBe(200);
    const served = await b.inject({ method: 'GET', url: up.body.data });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});

describe('profile cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('queryUser shows a change right after it, although the profile is cached', async () => {
    const { token } = await login(t.app);
    const before = await call<{ nickname: string; hasPayPassword: boolean }>(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token,
    });
    expect(before.body.data.hasPayPassword).toBe(false);
    await call(t.app, {
      method: 'POST',
      url: `${API}/user/profile`,
      token,
      ...form({ nickname: '新昵称' }),
    });
    await call(t.app, {
      method: 'POST',
      url: `${API}/account/setPayPassword`,
      token,
      ...form({ password: '135790' }),
    });
    const after = await call<{ nickname: string; hasPayPassword: boolean }>(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token,
    });
    expect(after.body.data).toMatchObject({ nickname: '新昵称', hasPayPassword: true });
  });
});
