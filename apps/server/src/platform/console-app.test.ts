import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors.ts';
import { registerConsoleApp, registerWebApp } from './http-plugins.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function serve(consoleDist: string, webDist: string): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  await registerConsoleApp(app, consoleDist);
  await registerWebApp(app, webDist, mkdtempSync(join(tmpdir(), 'chaopin-assets-')));
  return app;
}

describe('the console build under /console/', () => {
  const root = mkdtempSync(join(tmpdir(), 'chaopin-console-'));
  const consoleDist = join(root, 'console');
  const webDist = join(root, 'web');
  const js = `export const menu = ${JSON.stringify(Array(200).fill('售后'))};\n`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(consoleDist, 'static'), { recursive: true });
    mkdirSync(webDist);
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>管理后台</title>');
    writeFileSync(join(consoleDist, 'static/antd-Ab3dEf9h.js'), js);
    writeFileSync(join(consoleDist, 'static/antd-Ab3dEf9h.js.gz'), gzipSync(js));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>潮品直播</title>');
    app = await serve(consoleDist, webDist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves its index (revalidated) at /console/, and redirects /console there', async () => {
    const index = await app.inject({ url: '/console/' });
    expect(index.statusCode).toBe(200);
    expect(index.payload).toContain('管理后台');
    expect(index.headers['cache-control']).toBe('no-cache');
    const bare = await app.inject({ url: '/console' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/console/');
  });

  it('serves hashed files precompressed and immutable', async () => {
    const res = await app.inject({
      url: '/console/static/antd-Ab3dEf9h.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('leaves the shop at / and answers an unknown console file 404', async () => {
    expect((await app.inject({ url: '/' })).payload).toContain('潮品直播');
    const missing = await app.inject({ url: '/console/static/nothing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 (no crash) when the console was not built', async () => {
    const bare = await serve(join(root, 'no-such-dist'), webDist);
    const res = await bare.inject({ url: '/console/' });
    expect(res.statusCode).toBe(404);
    expect((await bare.inject({ url: '/' })).statusCode).toBe(200);
    await bare.close();
  });
});
