import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp, webCacheControl } from './http-plugins.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('webCacheControl', () => {
  it.each([
    ['static/B67FEEHK.js', IMMUTABLE],
    ['static/B67FEEHK.js.br', IMMUTABLE],
    ['static/index-nI-grcGy.css.gz', IMMUTABLE],
    ['workbox-2fbc6a65.js', IMMUTABLE],
    ['index.html', 'no-cache'],
    ['index.html.br', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['registerSW.js', 'no-cache'],
    ['icons/icon-maskable-512.png', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(webCacheControl(path)).toBe(expected);
  });
});

describe('the web build, served precompressed', () => {
  const dist = mkdtempSync(join(tmpdir(), 'chaopin-web-'));
  const app = Fastify();
  const js = `export const feed = ${JSON.stringify(Array(200).fill('潮品直播'))};\n`;
  const html = `<!doctype html><html><body>${'<div>潮品直播</div>'.repeat(50)}</body></html>`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'static'));
    const write = (name: string, text: string, compressed = true) => {
      writeFileSync(join(dist, name), text);
      if (!compressed) return;
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    };
    write('index.html', html);
    write('static/Ab3dEf9h.js', js);
    write('sw.js', 'self.addEventListener("fetch", () => {});', false);
    await registerWebApp(app, dist, mkdtempSync(join(tmpdir(), 'chaopin-assets-')));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed file, immutable, varying on Accept-Encoding', async () => {
    const res = await app.inject({
      url: '/static/Ab3dEf9h.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(brotliCompressSync(js))).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await app.inject({
      url: '/static/Ab3dEf9h.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    const plain = await app.inject({ url: '/static/Ab3dEf9h.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.payload).toBe(js);
  });

  it('revalidates index.html (sent compressed) and the service worker', async () => {
    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.headers['content-encoding']).toBeUndefined();
    expect(sw.headers['cache-control']).toBe('no-cache');
  });
});
