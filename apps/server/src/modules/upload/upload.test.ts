import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

// Smallest valid files of each kind, by their magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);

function multipart(parts: Array<{ field: string; name: string; type: string; data: Buffer }>) {
  const boundary = `----chaopin${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (url: string, parts: Parameters<typeof multipart>[0], auth = token) => {
  const body = multipart(parts);
  return call<string>(t.app, {
    method: 'POST',
    url: `${API}/common/${url}`,
    token: auth,
    payload: body.payload,
    headers: body.headers,
  });
};

async function storedFiles(): Promise<string[]> {
  const root = join(t.dataDir, 'uploads');
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
    );
    return nested.flat();
  };
  return walk(root);
}

describe('multipleUploadLocal', () => {
  it('stores an image and serves it back at the returned URL', async () => {
    const res = await upload('multipleUploadLocal', [
      { field: 'files', name: 'a.png', type: 'image/png', data: PNG },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/image\/\d{4}\/\d{2}\/[a-z0-9-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.body.data });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('sniffs the real type: a GIF named .jpg is stored as .gif', async () => {
    const res = await upload('multipleUploadLocal', [
      { field: 'files', name: 'photo.jpg', type: 'image/jpeg', data: GIF },
    ]);
    expect(res.body.data).toMatch(/\.gif$/);
  });

  it.each([
    [
      'a script named .png',
      {
        field: 'files',
        name: 'x.png',
        type: 'image/png',
        data: Buffer.from('<script>alert(1)</script>'),
      },
      400,
      'IMAGE_TYPE',
    ],
    [
      'a video as an image',
      { field: 'files', name: 'v.png', type: 'image/png', data: MP4 },
      400,
      'IMAGE_TYPE',
    ],
    [
      'an empty file',
      { field: 'files', name: 'e.png', type: 'image/png', data: Buffer.alloc(0) },
      400,
      'UPLOAD_EMPTY',
    ],
    [
      'the wrong field',
      { field: 'file', name: 'a.png', type: 'image/png', data: PNG },
      400,
      'UPLOAD_MISSING',
    ],
    [
      'an image over 10 MB',
      {
        field: 'files',
        name: 'big.png',
        type: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
      },
      413,
      'IMAGE_TOO_LARGE',
    ],
  ])('rejects %s and stores nothing', async (_label, part, status, error) => {
    const before = await storedFiles();
    const res = await upload('multipleUploadLocal', [part]);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await storedFiles()).toEqual(before);
  });

  it('takes one image per request', async () => {
    const before = await storedFiles();
    const res = await upload('multipleUploadLocal', [
      { field: 'files', name: 'a.png', type: 'image/png', data: PNG },
      { field: 'files', name: 'b.png', type: 'image/png', data: PNG },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('UPLOAD_TOO_MANY');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a non-multipart body and a missing login', async () => {
    const json = await call(t.app, {
      method: 'POST',
      url: `${API}/common/multipleUploadLocal`,
      token,
      payload: { files: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('UPLOAD_MISSING');
    const anon = await upload(
      'multipleUploadLocal',
      [{ field: 'files', name: 'a.png', type: 'image/png', data: PNG }],
      '',
    );
    expect(anon.status).toBe(401);
  });
});

describe('localUploadVideo', () => {
  it('stores an mp4 from field file', async () => {
    const res = await upload('localUploadVideo', [
      { field: 'file', name: 'v.mp4', type: 'video/mp4', data: MP4 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/video\/.+\.mp4$/);
  });

  it('rejects an image as a video, and the images field', async () => {
    const asVideo = await upload('localUploadVideo', [
      { field: 'file', name: 'v.mp4', type: 'video/mp4', data: PNG },
    ]);
    expect(asVideo.body.error).toBe('VIDEO_TYPE');
    const wrongField = await upload('localUploadVideo', [
      { field: 'files', name: 'v.mp4', type: 'video/mp4', data: MP4 },
    ]);
    expect(wrongField.body.error).toBe('UPLOAD_MISSING');
  });
});
