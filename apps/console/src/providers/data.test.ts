import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider, filterQuery, pageQuery } from './data.ts';
import { setFetch } from './http.ts';
import { session } from './session.ts';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fake server: records each request and answers with the next envelope (and status). */
function serve(...answers: { status?: number; body: unknown }[]): Seen[] {
  const seen: Seen[] = [];
  setFetch(async (request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    const answer = answers.shift() ?? { body: { code: 1, msg: 'ok', data: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

const ok = (data: unknown) => ({ body: { code: 1, msg: '成功', data } });

beforeEach(() => session.save('tok-123'));
afterEach(() => session.clear());

describe('dataProvider', () => {
  it('lists: page, sort, filters and search as query fields; list/total mapped', async () => {
    const seen = serve(ok({ list: [{ id: 7 }, { id: 8 }], total: 42, pageNum: 2, pageSize: 20 }));
    const answer = await dataProvider.getList({
      resource: 'product',
      pagination: { currentPage: 2, pageSize: 20 },
      sorters: [{ field: 'createdAt', order: 'desc' }],
      filters: [
        { field: 'status', operator: 'eq', value: 'on' },
        { field: 'title', operator: 'contains', value: '口红' },
        { field: 'storeId', operator: 'in', value: [1, 2] },
        { field: 'empty', operator: 'eq', value: '' },
      ],
    });
    expect(answer).toEqual({ data: [{ id: 7 }, { id: 8 }], total: 42 });
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/chaopin-boot/api/v1/admin/product/list');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      pageNum: '2',
      pageSize: '20',
      sort: 'createdAt',
      order: 'desc',
      status: 'on',
      q: '口红',
      storeId: '1,2',
    });
    expect(request?.headers.get('TOKEN')).toBe('tok-123');
    expect(request?.headers.get('device')).toBe('1');
  });

  it('caps the page size at 100 and lists the first 100 when paging is off', () => {
    expect(pageQuery({ currentPage: 1, pageSize: 500 })).toEqual({ pageNum: 1, pageSize: 100 });
    expect(pageQuery({ mode: 'off' })).toEqual({ pageNum: 1, pageSize: 100 });
    expect(pageQuery(undefined)).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('refuses a filter the API cannot express', () => {
    expect(() => filterQuery([{ field: 'price', operator: 'gt', value: 1 }])).toThrow(/price gt/);
  });

  it('uses the family named in meta.api', async () => {
    const seen = serve(ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }));
    await dataProvider.getList({ resource: 'aftersale', meta: { api: 'refund' } });
    expect(seen[0]?.url.pathname).toBe('/chaopin-boot/api/v1/admin/refund/list');
  });

  it('gets one by ?id=', async () => {
    const seen = serve(ok({ id: 5, title: '潮牌卫衣' }));
    expect(await dataProvider.getOne({ resource: 'product', id: 5 })).toEqual({
      data: { id: 5, title: '潮牌卫衣' },
    });
    expect(seen[0]?.url.pathname).toBe('/chaopin-boot/api/v1/admin/product/detail');
    expect(seen[0]?.url.searchParams.get('id')).toBe('5');
  });

  it('creates and updates through save (update sends the id), answering the id', async () => {
    const seen = serve(ok({ id: 31 }), ok({ id: 31 }));
    const created = await dataProvider.create({
      resource: 'category',
      variables: { name: '美妆' },
    });
    expect(created.data).toEqual({ name: '美妆', id: 31 });
    await dataProvider.update({ resource: 'category', id: 31, variables: { name: '彩妆' } });
    expect(seen.map((s) => [s.method, s.url.pathname, s.body])).toEqual([
      ['POST', '/chaopin-boot/api/v1/admin/category/save', { name: '美妆' }],
      ['POST', '/chaopin-boot/api/v1/admin/category/save', { name: '彩妆', id: 31 }],
    ]);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('deletes with POST delete {id}', async () => {
    const seen = serve(ok(null));
    expect(await dataProvider.deleteOne({ resource: 'notice', id: 9 })).toEqual({
      data: { id: 9 },
    });
    expect([seen[0]?.method, seen[0]?.url.pathname, seen[0]?.body]).toEqual([
      'POST',
      '/chaopin-boot/api/v1/admin/notice/delete',
      { id: 9 },
    ]);
  });

  it('calls any method and url with custom', async () => {
    const seen = serve(ok({ done: true }));
    const answer = await dataProvider.custom({
      url: 'admin/refund/approve',
      method: 'post',
      payload: { refundNo: 'R1' },
      query: { dryRun: 1 },
    });
    expect(answer).toEqual({ data: { done: true } });
    expect(`${seen[0]?.url.pathname}${seen[0]?.url.search}`).toBe(
      '/chaopin-boot/api/v1/admin/refund/approve?dryRun=1',
    );
    expect(seen[0]?.body).toEqual({ refundNo: 'R1' });
  });

  it('maps an error envelope to an HttpError with the Chinese msg and the error id', async () => {
    serve({
      status: 409,
      body: { code: 409, msg: '该售后单已处理', error: 'REFUND_STATE', data: null },
    });
    await expect(
      dataProvider.update({ resource: 'refund', id: 1, variables: { status: 'x' } }),
    ).rejects.toEqual({ statusCode: 409, message: '该售后单已处理', error: 'REFUND_STATE' });
  });

  it('maps an answer that is not the envelope (a proxy 502) and a dropped connection', async () => {
    setFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(dataProvider.getOne({ resource: 'product', id: 1 })).rejects.toMatchObject({
      statusCode: 502,
      message: '服务暂时不可用（502）',
    });
    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(dataProvider.getOne({ resource: 'product', id: 1 })).rejects.toEqual({
      statusCode: 0,
      message: '网络异常，请稍后重试',
    });
  });
});
