import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type OpenedBlob, registerBlobRoute } from './blob-serve.ts';
import type { PlatformDb } from './db.ts';

export const UPLOAD_PREFIX = '/uploads/';
/** Keys under this prefix are stored like the rest but never served publicly (e.g. invoice PDFs). */
export const PRIVATE_KEY_PREFIX = 'private/';

/**
 * Where uploaded and generated files live. Keys are relative paths like `img/2026/11/ab.png`;
 * each stored file is served at `/uploads/<key>`, by one route for both stores (blob-serve.ts):
 * the served type is sniffed from the bytes, never taken from the key's extension or from the
 * `contentType` given to `put` (kept in the db store as a note only).
 */
export interface BlobStore {
  /** Stores the bytes whole or not at all, and returns the public URL. */
  put(key: string, data: Uint8Array, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The stored bytes, or null (for files served through an owner check, e.g. invoice PDFs). */
  get(key: string): Promise<Uint8Array | null>;
  /** Opens a stored file for serving (size, first bytes, ranges of it), or null. */
  open(key: string): Promise<OpenedBlob | null>;
  /** Registers the GET/HEAD route that serves stored files. */
  serve(app: FastifyInstance): Promise<void>;
}

export function urlForKey(key: string): string {
  return UPLOAD_PREFIX + key;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,190}$/;
function assertKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`bad blob key: ${key}`);
}

/** A key `/uploads/` may serve: well formed, not private, not a half-written temp file. */
export function isPublicKey(key: string) {
  return (
    KEY_PATTERN.test(key) &&
    !key.includes('..') &&
    !key.startsWith(PRIVATE_KEY_PREFIX) &&
    !key.endsWith('.tmp')
  );
}

/** Bytes read up front when a file is opened: small files (most pictures) need no second read. */
const HEAD_BYTES = 64 * 1024;

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

  async open(key: string): Promise<OpenedBlob | null> {
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      if ((err as Error).message.startsWith('bad blob key')) return null;
      throw err;
    }
    try {
      const stat = await file.stat();
      if (!stat.isFile()) {
        await file.close();
        return null;
      }
      const head = Buffer.alloc(Math.min(HEAD_BYTES, stat.size));
      const { bytesRead } = await file.read(head, 0, head.byteLength, 0);
      const whole = bytesRead === stat.size;
      return {
        size: stat.size,
        modified: stat.mtime,
        head: head.subarray(0, bytesRead),
        read: async (start, end) => {
          if (whole) {
            await file.close();
            return head.subarray(start, end + 1);
          }
          // The stream owns the handle from here: closed when it ends or is destroyed.
          return file.createReadStream({ start, end });
        },
        close: () => file.close(),
      };
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  async serve(app: FastifyInstance) {
    await mkdir(this.root, { recursive: true });
    registerBlobRoute(app, UPLOAD_PREFIX, this, isPublicKey);
  }
}

/** Files in the `blob` table: shared by every node of a cluster without a shared disk. */
export class DbBlobStore implements BlobStore {
  constructor(private readonly db: PlatformDb) {}

  async put(key: string, data: Uint8Array, contentType: string) {
    assertKey(key);
    await this.db
      .insertInto('blob')
      .values({ key, content_type: contentType, size: data.byteLength, data })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          content_type: contentType,
          size: data.byteLength,
          data,
          // A new version: a new Last-Modified and ETag.
          created_at: sql`now()`,
        }),
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

  async open(key: string): Promise<OpenedBlob | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const row = await this.db
      .selectFrom('blob')
      .select([
        'size',
        'created_at',
        sql<Uint8Array>`substring(data from 1 for ${sql.lit(HEAD_BYTES)})`.as('head'),
      ])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    const head = Buffer.from(row.head);
    return {
      size: row.size,
      modified: new Date(row.created_at),
      head,
      read: async (start, end) => {
        if (end < head.byteLength) return head.subarray(start, end + 1);
        const part = await this.db
          .selectFrom('blob')
          .select(
            sql<Uint8Array>`substring(data from ${sql.lit(start + 1)} for ${sql.lit(end - start + 1)})`.as(
              'data',
            ),
          )
          .where('key', '=', key)
          .executeTakeFirst();
        return part ? Buffer.from(part.data) : Buffer.alloc(0);
      },
      close: async () => {},
    };
  }

  async serve(app: FastifyInstance) {
    registerBlobRoute(app, UPLOAD_PREFIX, this, isPublicKey);
  }
}

export function diskRoot(dataDir: string) {
  return join(dataDir, 'uploads');
}
