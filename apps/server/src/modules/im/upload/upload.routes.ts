import { type ERRORS, IM } from '@chaopin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { SigGate } from '../session/sig-gate.ts';
import {
  type ImUploadKind,
  type ImUploadService,
  maxBytes,
  TOO_LARGE,
  UPLOAD_KINDS,
} from './upload.service.ts';

/** Reads the single file of a multipart body, enforcing `limit` while streaming. */
export async function readOneFile(
  request: FastifyRequest,
  limit: number,
  tooLarge: keyof typeof ERRORS,
): Promise<{ name: string; bytes: Buffer; mime: string }> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
  let file: { name: string; bytes: Buffer; mime: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 2 } })) {
      if (part.type !== 'file') continue;
      if (file) {
        part.file.resume();
        throw new AppError('UPLOAD_TOO_MANY');
      }
      file = { name: part.filename ?? '', bytes: await part.toBuffer(), mime: part.mimetype };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(tooLarge);
    throw err;
  }
  if (!file) throw new AppError('UPLOAD_MISSING');
  return file;
}

/**
 * Reads a message upload: its `file` part and, for a video, an optional `thumbnail` part (a frame
 * the browser grabbed), each under its own limit while streaming.
 */
export async function readUpload(
  request: FastifyRequest,
  kind: ImUploadKind,
): Promise<{ name: string; bytes: Buffer; thumbnail?: Buffer }> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
  let file: { name: string; bytes: Buffer } | undefined;
  let thumbnail: Buffer | undefined;
  try {
    // One more file than allowed, so that the extra one gets our own error (UPLOAD_TOO_MANY).
    const limits = { fileSize: maxBytes(kind) + 1, files: 3 };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'thumbnail' && kind === 'video' && !thumbnail) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.byteLength;
          if (size > IM.VIDEO_THUMB_MAX_BYTES) {
            part.file.resume();
            throw new AppError('IM_VIDEO_THUMB_TOO_LARGE');
          }
          chunks.push(chunk);
        }
        thumbnail = Buffer.concat(chunks);
        continue;
      }
      if (file || part.fieldname === 'thumbnail') {
        part.file.resume();
        throw new AppError('UPLOAD_TOO_MANY');
      }
      file = { name: part.filename ?? '', bytes: await part.toBuffer() };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(TOO_LARGE[kind]);
    throw err;
  }
  if (!file) throw new AppError('UPLOAD_MISSING');
  return { ...file, ...(thumbnail ? { thumbnail } : {}) };
}

const UploadQuery = Type.Object({
  kind: Type.Union(
    UPLOAD_KINDS.map((k) => Type.Literal(k)),
    { errorId: 'IM_UPLOAD_TYPE' },
  ),
});

/** `im/upload`: a message file, authenticated by the IM credential (headers x-im-user, x-im-sig). */
export async function imUploadRoutes(
  app: FastifyInstance,
  gate: SigGate,
  uploads: ImUploadService,
) {
  typed(app).post(
    `${API}/im/upload`,
    {
      schema: {
        tags: ['im'],
        summary: '即时通讯消息文件上传（图片/语音/视频/文件；视频可附 thumbnail 封面）',
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: responses(Type.Record(Type.String(), Type.Unknown())),
      },
    },
    async (req) => {
      const userID = req.headers['x-im-user'];
      // A kicked session's old sig must not upload either.
      if (!(await gate.check(userID, req.headers['x-im-sig'])))
        throw new AppError('IM_SIG_INVALID');
      const kind = req.query.kind as ImUploadKind;
      const file = await readUpload(req, kind);
      return ok(await uploads.store(kind, userID as string, file.name, file.bytes, file.thumbnail));
    },
  );
}
