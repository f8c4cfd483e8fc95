import type { FastifyInstance } from 'fastify';
import { sendBlob } from '../../../platform/blob-serve.ts';
import { DiskBlobStore } from '../../../platform/blob-store.ts';
import { AppError } from '../../../platform/errors.ts';
import { RECORD_FILE, RECORD_PREFIX } from './stream-paths.ts';

/**
 * Replays: `GET /live/record/<file>` from DATA_DIR/live/, with the uploads' serving rules (type
 * sniffed from the bytes: video/mp4 or video/x-flv, nosniff, ETag, single byte ranges for
 * seeking). Only finished files match RECORD_FILE (a recording in progress is `.flv.part`).
 */
export function registerRecordRoute(app: FastifyInstance, recordDir: string) {
  const store = new DiskBlobStore(recordDir);
  app.route({
    method: ['GET', 'HEAD'],
    url: `${RECORD_PREFIX}:file`,
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      const file = (request.params as { file: string }).file;
      const blob = RECORD_FILE.test(file) ? await store.open(file) : null;
      if (!blob) throw new AppError('LIVE_RECORD_NOT_FOUND');
      return sendBlob(request, reply, file, blob);
    },
  });
}
