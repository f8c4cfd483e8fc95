import { REQUEST_TIMEOUT_MS } from '@chaopin/contracts';
import Taro from '@tarojs/taro';

/**
 * packages/core's API client transport in the mini-program: the client's Request goes out
 * through Taro.request (wx.request) and its answer comes back as a Response, status and
 * headers kept, the body as text for the client to parse.
 */
export async function taroFetch(request: Request): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const data = hasBody ? await request.text() : undefined;
  const header: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    header[key] = value;
  });
  return new Promise((resolve, reject) => {
    Taro.request({
      url: request.url,
      method: request.method as 'GET' | 'POST',
      header,
      data,
      // Not 'json': the client parses the text itself, errors' envelopes included.
      dataType: 'text',
      responseType: 'text',
      timeout: REQUEST_TIMEOUT_MS,
      success(res) {
        const body = typeof res.data === 'string' ? res.data : JSON.stringify(res.data);
        resolve(new Response(body, { status: res.statusCode, headers: res.header }));
      },
      fail(err) {
        // fetch's own failure type, so callers treat both platforms alike.
        reject(new TypeError(err.errMsg || 'request:fail'));
      },
    });
  });
}
