import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db.ts';

export const UPLOAD_PREFIX = '/uploads/';
/** Keys under this prefix are stored like the rest but never served publicly (e.g. invoice PDFs). */
export const PRIVATE_KEY_PREFIX = 'private/';

/**
 * Where uploaded and generated files live. Keys are relative paths like `img/2026/11/ab.png`;
 * each stored file is served at `/uploads/<key>`.
 */
export interface BlobStore {
  /** Stores the bytes whole or not at all, and returns the public URL. */
  put(key: string, data: Uint8Array, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The stored bytes, or null (for files served through an owner check, e.g. invoice PDFs). */
  get(key: string): Promise<Uint8Array | null>;
  /** Registers the GET route that serves stored files. */
  serve(app: FastifyInstance): Promise<void>;
}

export function urlForKey(key: string): string {
  return UPLOAD_PREFIX + key;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,190}$/;
function assertKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`bad blob key: ${key}`);
}

/** Files under DATA_DIR/uploads; written to a temp name and renamed, so a reader never sees half a file. */
export class DiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertKey(key);
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`bad blob key: ${key}`);
    return full;
  }

  async put(key: string, data: Uint8Array, _contentType: string) {
    const full = this.pathOf(key);
    await mkdir(dirname(full), { recursive: true });
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, full);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return urlForKey(key);
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async get(key: string) {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async serve(app: FastifyInstance) {
    await mkdir(this.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: this.root,
      prefix: UPLOAD_PREFIX,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      list: false,
      allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith(PRIVATE_KEY_PREFIX),
    });
  }
}

/** Files in the `blob` table: shared by every node of a cluster without a shared disk. */
export class DbBlobStore implements BlobStore {
  constructor(private readonly db: Db) {}

  async put(key: string, data: Uint8Array, contentType: string) {
    assertKey(key);
    await this.db
      .insertInto('blob')
      .values({ key, content_type: contentType, size: data.byteLength, data })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ content_type: contentType, size: data.byteLength, data }),
      )
      .execute();
    return urlForKey(key);
  }

  async delete(key: string) {
    await this.db.deleteFrom('blob').where('key', '=', key).execute();
  }

  async get(key: string) {
    assertKey(key);
    const row = await this.db
      .selectFrom('blob')
      .select('data')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? new Uint8Array(row.data) : null;
  }

  async serve(app: FastifyInstance) {
    app.get(`${UPLOAD_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const row =
        KEY_PATTERN.test(key) && !key.startsWith(PRIVATE_KEY_PREFIX)
          ? await this.db
              .selectFrom('blob')
              .select(['content_type', 'data'])
              .where('key', '=', key)
              .executeTakeFirst()
          : undefined;
      if (!row) return reply.callNotFound();
      return reply
        .header('content-type', row.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(row.data));
    });
  }
}

export function diskRoot(dataDir: string) {
  return join(dataDir, 'uploads');
}
