import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToast } from './notify.ts';
import { NETWORK_MESSAGES, NetworkError, request } from './request.ts';
import { storage } from './storage.ts';

const ok = (data: unknown) => ({ code: 1, msg: 'ok', data });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let toast: ReturnType<typeof vi.fn<(message: string) => void>>;

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  fetchMock = vi.fn(async () => json(ok(null)));
  vi.stubGlobal('fetch', fetchMock);
  toast = vi.fn<(message: string) => void>();
  setToast(toast);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('request helper', () => {
  it('sends a JSON body when asked (arrays of objects, nulls)', async () => {
    await request('live/upShop', {
      method: 'POST',
      json: { roomId: 1, items: [{ productId: 2, status: 'onSale' }], noticeAt: null },
    });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      roomId: 1,
      items: [{ productId: 2, status: 'onSale' }],
      noticeAt: null,
    });
  });

  it('sends POST data form-encoded under the API base', async () => {
    await request('user/sms/send', {
      method: 'POST',
      data: { phone: '13800138000', type: 'login', skip: undefined },
    });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/chaopin-boot/api/v1/user/sms/send');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('phone=13800138000&type=login');
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('puts GET data in the query string', async () => {
    await request('goods/list', {
      data: { pageNum: 2, pageSize: 10, categoryId: undefined, sort: 'sales' },
    });
    const { url, init } = lastCall();
    expect(url).toBe('/chaopin-boot/api/v1/goods/list?pageNum=2&pageSize=10&sort=sales');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends device=1 always, and TOKEN and ticket when stored', async () => {
    await request('user/queryUser');
    expect(lastCall().headers).toEqual({ device: '1' });

    storage.setToken('tok-123');
    storage.setTicket('cap-456');
    await request('user/queryUser');
    expect(lastCall().headers).toEqual({ device: '1', TOKEN: 'tok-123', ticket: 'cap-456' });
  });

  it('sends a per-request ticket instead of the stored one, and only on that request', async () => {
    storage.setToken('tok');
    storage.setTicket('stored-ticket');
    await request('seckill/rush', { method: 'POST', data: { itemId: 1 }, ticket: 'pow-payload' });
    expect(lastCall().headers.ticket).toBe('pow-payload');
    await request('seckill/rush', { method: 'POST', data: { itemId: 1 } });
    expect(lastCall().headers.ticket).toBe('stored-ticket');
    storage.setTicket(null);
    await request('user/queryUser');
    expect(lastCall().headers.ticket).toBeUndefined();
  });

  it('uploads multipart with the file under the given field and no hand-set content type', async () => {
    storage.setToken('tok');
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await request('common/multipleUploadLocal', {
      file: { field: 'files', blob, filename: 'a.png' },
    });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('files')).toBeInstanceOf(Blob);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.TOKEN).toBe('tok');
  });

  it('resolves with the envelope body on a 4xx answer', async () => {
    const error = { code: 401, msg: '请先登录', error: 'LOGIN_REQUIRED', data: null };
    fetchMock.mockResolvedValueOnce(json(error, 401));
    await expect(request('user/queryUser')).resolves.toEqual(error);
    expect(toast).not.toHaveBeenCalled();
  });

  it('turns a non-JSON error page into an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const body = await request('home/banner');
    expect(body.code).toBe(502);
    expect(body.msg).toBeTruthy();
  });

  it('toasts 请检查当前网络连接 and rejects when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('home/banner')).rejects.toBeInstanceOf(NetworkError);
    expect(toast).toHaveBeenCalledWith('请检查当前网络连接');
  });

  it('toasts a generic network error when online but the request fails', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('home/banner')).rejects.toMatchObject({ reason: 'failed' });
    expect(toast).toHaveBeenCalledWith(NETWORK_MESSAGES.failed);
  });

  it('aborts after the 60000 ms timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = request('home/banner');
    const assertion = expect(pending).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(toast).toHaveBeenCalledWith(NETWORK_MESSAGES.timeout);
  });

  it('takes an answer index.html already asked for, once, for an anonymous GET of that URL', async () => {
    storage.setToken(null);
    storage.setTicket(null);
    const url = '/chaopin-boot/api/v1/home/banner';
    const early = { [url]: Promise.resolve(json(ok(['early']))) };
    vi.stubGlobal('__early', early);
    expect(await request('home/banner')).toEqual(ok(['early']));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(early[url]).toBeUndefined();
    await request('home/banner'); // taken once: the next one asks the server
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server itself when signed in, even with an early answer there', async () => {
    const url = '/chaopin-boot/api/v1/home/popup';
    vi.stubGlobal('__early', { [url]: Promise.resolve(json(ok({ id: 1 }))) });
    storage.setToken('tok-123');
    await request('home/popup');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastCall().headers.TOKEN).toBe('tok-123');
  });

  it('times out an early answer that never comes like any other request', async () => {
    vi.useFakeTimers();
    storage.setToken(null);
    storage.setTicket(null);
    vi.stubGlobal('__early', {
      '/chaopin-boot/api/v1/home/menu': new Promise<Response>(() => {}),
    });
    const pending = request('home/menu');
    const assertion = expect(pending).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
  });
});
