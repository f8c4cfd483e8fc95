import { IMAGE_MAX_BYTES, UploadData, VIDEO_MAX_BYTES } from '@chaopin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { API, responses } from '../../platform/route-schema.ts';
import { type UploadKind, UploadService } from './upload.service.ts';

const LIMITS: Record<
  UploadKind,
  { field: string; maxBytes: number; tooLarge: 'IMAGE_TOO_LARGE' | 'VIDEO_TOO_LARGE' }
> = {
  image: { field: 'files', maxBytes: IMAGE_MAX_BYTES, tooLarge: 'IMAGE_TOO_LARGE' },
  video: { field: 'file', maxBytes: VIDEO_MAX_BYTES, tooLarge: 'VIDEO_TOO_LARGE' },
};

/**
 * Reads exactly one file from the multipart body into memory, enforcing the size limit while
 * streaming; any second file is refused.
 */
async function readSingleFile(request: FastifyRequest, kind: UploadKind): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
  const limit = LIMITS[kind];
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.maxBytes, files: 2 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== limit.field || file) {
        part.file.resume();
        throw new AppError(file ? 'UPLOAD_TOO_MANY' : 'UPLOAD_MISSING');
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(limit.tooLarge);
    }
    throw err;
  }
  if (!file) throw new AppError('UPLOAD_MISSING');
  return file;
}

export async function uploadRoutes(app: FastifyInstance, deps: Deps) {
  const service = new UploadService(deps.blobs);
  const schema = (summary: string) => ({
    tags: ['common'],
    summary,
    consumes: ['multipart/form-data'],
    response: responses(UploadData),
  });

  app.post(
    `${API}/common/multipleUploadLocal`,
    { config: { auth: 'user' }, schema: schema('上传图片（字段 files，每次一张，≤10MB）') },
    async (req) => {
      const bytes = await readSingleFile(req, 'image');
      return ok(await service.store('image', bytes, currentUser(req).id));
    },
  );

  app.post(
    `${API}/common/localUploadVideo`,
    { config: { auth: 'user' }, schema: schema('上传视频（字段 file，≤100MB）') },
    async (req) => {
      const bytes = await readSingleFile(req, 'video');
      return ok(await service.store('video', bytes, currentUser(req).id));
    },
  );
}
