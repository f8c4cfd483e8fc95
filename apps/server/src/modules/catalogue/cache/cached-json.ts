import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers shorter than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * A serialized answer as the catalogue cache keeps it: the JSON text, and its brotli and gzip
 * forms, each made the first time a browser asks for it and kept with the entry. A cache hit
 * sends stored bytes whatever the browser accepts: nothing is serialized or compressed again.
 */
export class CachedJson {
  readonly byteLength: number;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly text: string) {
    this.byteLength = Buffer.byteLength(text);
  }

  /** Whether this answer is sent compressed to a browser that accepts it. */
  get compressible(): boolean {
    return this.byteLength >= COMPRESS_MIN_BYTES;
  }

  encoded(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.text, {
        params: {
          // Quality 6 makes a 4 KB page in well under a millisecond, within 1 % of quality 11 (~10 ms).
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.byteLength,
        },
      });
      return this.br;
    }
    this.gzip ??= gzipSync(this.text, { level: 6 });
    return this.gzip;
  }
}

/**
 * The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none (q=0
 * refuses a coding; `*` stands for any, taken as gzip).
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.trim().toLowerCase().startsWith('q='));
    if (q !== undefined && !(Number(q.trim().slice(2)) > 0)) continue;
    if (coding === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/** Sends a cached answer, compressed when it is large enough and the browser accepts it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  reply.type('application/json; charset=utf-8');
  if (!answer.compressible) return reply.send(answer.text);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.text);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
