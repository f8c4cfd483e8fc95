import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP conventions', () => {
  it('says nosniff on every answer: the API, its errors, static assets', async () => {
    for (const url of [`${API}/goods/list`, `${API}/nope`, '/assets/avatars/1.svg', '/healthz']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers unknown routes and methods with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', `${API}/nope/nothing`],
      ['GET', `${API}/user/mobileLogin`],
      ['DELETE', `${API}/user/queryUser`],
    ] as const) {
      const res = await call(t.app, { method, url });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 404,
        msg: '接口不存在',
        error: 'ROUTE_NOT_FOUND',
        data: null,
      });
    }
  });

  it('answers malformed JSON, unknown content types and huge bodies with 4xx, never 500', async () => {
    const url = `${API}/user/sms/send`;
    const broken = await call(t.app, {
      method: 'POST',
      url,
      payload: '{"phone":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('INVALID_JSON');
    const xml = await call(t.app, {
      method: 'POST',
      url,
      payload: '<phone/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(400);
    expect(xml.body.error).toBe('INVALID_CONTENT_TYPE');
    const huge = await call(t.app, {
      method: 'POST',
      url,
      payload: `phone=${'1'.repeat(2 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('PAYLOAD_TOO_LARGE');
    const empty = await call(t.app, { method: 'POST', url });
    expect(empty.status).toBe(400);
    const wrongType = await call(t.app, { method: 'POST', url, payload: { phone: { $ne: 1 } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('PHONE_INVALID');
  });

  it('serves OpenAPI with a request or response schema on every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const apiPaths = Object.keys(doc.paths).filter((p) => p.startsWith(API));
    for (const path of [
      '/user/sms/send',
      '/user/mobileLogin',
      '/user/queryUser',
      '/common/multipleUploadLocal',
      '/common/localUploadVideo',
      '/account/setPayPassword',
    ]) {
      expect(apiPaths).toContain(`${API}${path}`);
    }
    for (const path of apiPaths) {
      for (const op of Object.values(doc.paths[path] ?? {})) {
        expect(Object.keys(op.responses)).toContain('200');
      }
    }
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toMatchObject({ ok: true });
  });
});
