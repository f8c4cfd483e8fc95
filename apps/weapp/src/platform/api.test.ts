import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE } from '@chaopin/contracts';
import { ApiCallError } from '@chaopin/core/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// WeChat's JS engine has no fetch classes: take Node's away so webGlobals must put whatwg-fetch's in.
const g = globalThis as Record<string, unknown>;
const FETCH_CLASSES = ['Headers', 'Request', 'Response', 'FormData'];
const nodeClasses = FETCH_CLASSES.map((name) => [name, g[name]] as const);
for (const name of FETCH_CLASSES) delete g[name];

interface WxRequest {
  url: string;
  method: string;
  header: Record<string, string>;
  data?: string;
  success(res: { statusCode: number; data: string; header: Record<string, string> }): void;
  fail(err: { errMsg: string }): void;
}

// Taro's API as wx gives it: request over HTTP (answering text, as dataType 'text' asks),
// storage in memory.
const stored = new Map<string, string>();
vi.mock('@tarojs/taro', () => {
  const request = (opts: WxRequest) => {
    const req = httpRequest(opts.url, { method: opts.method, headers: opts.header }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        opts.success({
          statusCode: res.statusCode ?? 0,
          data: body,
          header: res.headers as Record<string, string>,
        }),
      );
    });
    req.on('error', () => opts.fail({ errMsg: 'request:fail' }));
    req.end(opts.data);
  };
  const Taro = {
    request,
    getStorageSync: (key: string) => stored.get(key) ?? '',
    setStorageSync: (key: string, value: string) => stored.set(key, value),
    removeStorageSync: (key: string) => stored.delete(key),
    showToast: () => Promise.resolve(),
  };
  return { default: Taro, ...Taro };
});

let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] =
  [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith(`${API_BASE}/goods/detail`)) {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 404, msg: '商品不存在或已下架', error: 'GOODS_NOT_FOUND' }));
    } else if (req.url?.startsWith(`${API_BASE}/cart/add`)) {
      res.end(JSON.stringify({ code: 1, msg: 'ok', data: { count: 3 } }));
    } else {
      res.end(JSON.stringify({ code: 1, msg: 'ok', data: [{ id: 1 }] }));
    }
  });
});

let api: typeof import('./api').api;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('TARO_APP_API_ORIGIN', `http://127.0.0.1:${port}`);
  await import('./webGlobals');
  ({ api } = await import('./api'));
});
afterAll(() => {
  server.close();
  for (const [name, value] of nodeClasses) g[name] = value;
});

describe('the API client over Taro.request', () => {
  it('runs on whatwg-fetch classes, not the platform’s', () => {
    expect(String(g.Request)).not.toContain('[native code]');
    expect(typeof g.FormData).toBe('function');
  });

  it('GETs with the query and SPEC §7 headers, and answers the data', async () => {
    seen = [];
    stored.set('token', 'tok-123');
    const data = await api.get('home/banner');
    expect(data).toEqual([{ id: 1 }]);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(`${API_BASE}/home/banner`);
    expect(seen[0]?.headers.token).toBe('tok-123');
    expect(seen[0]?.headers.device).toBe('1');
  });

  it('POSTs a JSON body', async () => {
    seen = [];
    const data = await api.post('cart/add', { skuId: 7, quantity: 2 });
    expect(data).toEqual({ count: 3 });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ skuId: 7, quantity: 2 });
    expect(seen[0]?.headers['content-type']).toContain('application/json');
  });

  it('turns an error envelope into ApiCallError with the server’s msg and id', async () => {
    const error = await api.get('goods/detail', { id: 99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({
      code: 404,
      msg: '商品不存在或已下架',
      errorId: 'GOODS_NOT_FOUND',
    });
  });

  it('sends no TOKEN without a stored session', async () => {
    seen = [];
    stored.delete('token');
    await api.get('home/menu');
    expect(seen[0]?.headers.token).toBeUndefined();
  });
});

describe('the inviter a shared card brought', () => {
  it('is kept from the card’s query (cleaned), and the share path carries the sharer’s code', async () => {
    const { rememberInvite, pendingInvite, forgetInvite, withInvite } = await import('./invite');
    forgetInvite();
    rememberInvite({ id: '3' });
    expect(pendingInvite()).toBeUndefined();
    rememberInvite({ invite: 'AB12cd<script>' });
    expect(pendingInvite()).toBe('AB12cdscript');
    rememberInvite({ invite: 'NEXT2024' });
    expect(pendingInvite()).toBe('NEXT2024');
    forgetInvite();
    expect(pendingInvite()).toBeUndefined();

    expect(withInvite('/pages/shopDetails/shopDetails?id=7', 'AB12')).toBe(
      '/pages/shopDetails/shopDetails?id=7&invite=AB12',
    );
    expect(withInvite('/pages/index/index', 'AB12')).toBe('/pages/index/index?invite=AB12');
    expect(withInvite('/pages/index/index', undefined)).toBe('/pages/index/index');
  });
});
