import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, CachedJson, COMPRESS_MIN_BYTES, sendCachedJson } from './cached-json.ts';

describe('acceptedEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br; q=0.0, gzip; q=0', undefined],
    ['*', 'gzip'],
    ['deflate;q=1, br;q=0.1', 'br'],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('sendCachedJson', () => {
  const big = new CachedJson(
    JSON.stringify({ code: 1, msg: '操作成功', data: { list: Array(120).fill('连衣裙') } }),
  );
  const small = new CachedJson('{"code":1,"msg":"操作成功","data":[]}');
  const app = Fastify();
  app.get('/big', (req, reply) => sendCachedJson(req, reply, big));
  app.get('/small', (req, reply) => sendCachedJson(req, reply, small));
  afterAll(() => app.close());

  it('sends a large answer in the encoding the browser prefers, made once and kept', async () => {
    expect(big.byteLength).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(big.byteLength / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big.text);
    expect(big.encoded('br')).toBe(big.encoded('br')); // the same stored bytes every time

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big.text);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.payload).toBe(big.text);
  });

  it('sends a small answer as it is', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(small.text);
  });
});
