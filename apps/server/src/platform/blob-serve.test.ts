import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { MEDIA_CSP, STRICT_CSP, sniffType } from './blob-serve.ts';

/**
 * The one `/uploads/` route of both blob stores: the type comes from the bytes (server SVGs by
 * their key's system prefix), never from the key's extension; nosniff and a sandbox CSP on every
 * answer; immutable caching, validators, HEAD and byte ranges.
 */

const text = (s: string) => Buffer.from(s, 'utf8');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  text('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  text('mp42isom'),
  Buffer.alloc(64),
]);
const SVG = text(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

/** A PCM WAV of `samples` bytes, larger than what a store reads up front when that is > 64 KB. */
function wav(samples: number) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(8000, 28);
  h.writeUInt16LE(1, 32);
  h.writeUInt16LE(8, 34);
  h.write('data', 36);
  h.writeUInt32LE(samples, 40);
  const body = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) body[i] = (i * 7) & 0xff;
  return Buffer.concat([h, body]);
}
const WAV = wav(150_000);

function expectSandboxed(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toMatch(/(^|;)\s*sandbox(\s|;|$)/);
  expect(csp).not.toContain('allow-scripts');
}

describe('sniffType', () => {
  it.each([
    ['png', PNG, 'image/png', 'png', true],
    ['mp4', MP4, 'video/mp4', 'mp4', true],
    ['wav', WAV, 'audio/wav', 'wav', true],
    ['svg', SVG, 'application/octet-stream', 'bin', false],
    ['xml', text('<?xml version="1.0"?><a/>'), 'application/octet-stream', 'bin', false],
    ['html', text('<html><script>1</script>'), 'application/octet-stream', 'bin', false],
    ['pdf', text('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'application/octet-stream', 'pdf', false],
    ['empty', Buffer.alloc(0), 'application/octet-stream', 'bin', false],
  ])('%s → %s .%s', async (_label, bytes, mime, ext, inline) => {
    expect(await sniffType(bytes)).toMatchObject({ mime, ext, inline });
  });
});

describe.each(['disk', 'db'] as const)('/uploads/ on the %s store', (store) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  beforeAll(async () => {
    t = await createTestApp({ BLOB_STORE: store });
    const put = (key: string, bytes: Buffer, type = 'text/html') =>
      t.app.deps.blobs.put(key, bytes, type);
    // Server-written: seed pictures and the generated store licence.
    await put('seed/product/1-1.svg', SVG, 'image/svg+xml');
    await put('license/store-1-v1.svg', SVG, 'image/svg+xml');
    await put('share/abc-0123.png', PNG, 'image/png');
    // As stored before this fix, under the client's own extension (and a lying content type).
    await put('image/2026/01/u-legacy.svg', SVG, 'image/svg+xml');
    await put('im/file/2026/01/u-legacy.html', text('<html><script>alert(1)</script>'));
    await put('im/file/2026/01/u-legacy.htm', text('<html><script>alert(1)</script>'));
    await put('im/file/2026/01/u-legacy.js', text('alert(1)'), 'text/javascript');
    await put('im/audio/2026/01/u-legacy.xml', text('<?xml version="1.0"?><x/>'));
    await put(
      'im/video/2026/01/u-legacy.mp4',
      text('<html><script>alert(1)</script>'),
      'video/mp4',
    );
    // Media under a neutral name: typed by its bytes.
    await put('im/audio/2026/01/u-voice.bin', WAV, 'application/octet-stream');
    await put('video/2026/01/1-clip.mp4', MP4, 'video/mp4');
    await put('private/invoice/1.pdf', text('%PDF-1.4'), 'application/pdf');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['seed/product/1-1.svg', 'image/svg+xml', STRICT_CSP],
    ['license/store-1-v1.svg', 'image/svg+xml', STRICT_CSP],
    ['share/abc-0123.png', 'image/png', STRICT_CSP],
    ['video/2026/01/1-clip.mp4', 'video/mp4', MEDIA_CSP],
    ['im/audio/2026/01/u-voice.bin', 'audio/wav', MEDIA_CSP],
  ])('%s is shown inline as %s', async (key, type, csp) => {
    const res = await get(`/uploads/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(csp);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSandboxed(res.headers);
  });

  it.each([
    'image/2026/01/u-legacy.svg',
    'im/file/2026/01/u-legacy.html',
    'im/file/2026/01/u-legacy.htm',
    'im/file/2026/01/u-legacy.js',
    'im/audio/2026/01/u-legacy.xml',
    'im/video/2026/01/u-legacy.mp4',
  ])('%s (a user file with an active or lying extension) is only a download', async (key) => {
    const res = await get(`/uploads/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    expectSandboxed(res.headers);
  });

  it('private keys, unknown keys, odd paths: 404, still with nosniff and the sandbox', async () => {
    for (const url of [
      '/uploads/private/invoice/1.pdf',
      '/uploads/im/file/2026/01/nope.bin',
      '/uploads/im/file/',
      '/uploads/im/file',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/Seed/product/1-1.svg',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expectSandboxed(res.headers);
    }
  });

  it('serves byte ranges for seeking in audio and video', async () => {
    const url = '/uploads/im/audio/2026/01/u-voice.bin';
    const full = await get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-length']).toBe(String(WAV.byteLength));
    expect(full.rawPayload.equals(WAV)).toBe(true);

    const size = WAV.byteLength;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=70000-70999', 70_000, 70_999], // past what the store read up front
      ['bytes=60000-', 60_000, size - 1],
      ['bytes=-10', size - 10, size - 1],
      [`bytes=100-${size * 2}`, 100, size - 1],
    ] as const) {
      const res = await get(url, { range });
      expect([range, res.statusCode]).toEqual([range, 206]);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(WAV.subarray(start, end + 1))).toBe(true);
      expect(res.headers['content-type']).toBe('audio/wav');
      expectSandboxed(res.headers);
    }
    const beyond = await get(url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    // Several ranges, or a unit other than bytes: the whole file.
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
      const res = await get(url, { range });
      expect([range, res.statusCode, res.rawPayload.byteLength]).toEqual([range, 200, size]);
    }
  });

  it('answers HEAD without a body, and revalidation with 304', async () => {
    const url = '/uploads/im/audio/2026/01/u-voice.bin';
    const head = await get(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(WAV.byteLength));
    expect(head.headers['content-type']).toBe('audio/wav');
    expect(head.rawPayload.byteLength).toBe(0);
    expectSandboxed(head.headers);

    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    const since = await get(url, { 'if-modified-since': String(first.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
    // A range of another version is not sent: the whole current file is.
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"0-0"' });
    expect([stale.statusCode, stale.rawPayload.byteLength]).toEqual([200, WAV.byteLength]);
    const current = await get(url, { range: 'bytes=0-9', 'if-range': etag });
    expect([current.statusCode, current.rawPayload.byteLength]).toEqual([206, 10]);
  });
});
