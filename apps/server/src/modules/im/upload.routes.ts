import type { ERRORS } from '@chaopin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { UserSigs } from './im-sig.ts';
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

const UploadQuery = Type.Object({
  kind: Type.Union(
    UPLOAD_KINDS.map((k) => Type.Literal(k)),
    { errorId: 'IM_UPLOAD_TYPE' },
  ),
});

/** `im/upload`: a message file, authenticated by the IM credential (headers x-im-user, x-im-sig). */
export async function imUploadRoutes(
  app: FastifyInstance,
  sigs: UserSigs,
  uploads: ImUploadService,
) {
  typed(app).post(
    `${API}/im/upload`,
    {
      schema: {
        tags: ['im'],
        summary: '即时通讯消息文件上传（图片/语音/视频/文件）',
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: responses(Type.Record(Type.String(), Type.Unknown())),
      },
    },
    async (req) => {
      const userID = req.headers['x-im-user'];
      if (!sigs.verify(userID, req.headers['x-im-sig'])) throw new AppError('IM_SIG_INVALID');
      const kind = req.query.kind as ImUploadKind;
      const file = await readOneFile(req, maxBytes(kind) + 1, TOO_LARGE[kind]);
      return ok(await uploads.store(kind, userID as string, file.name, file.bytes));
    },
  );
}
