import { randomBytes } from 'node:crypto';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@chaopin/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { BlobStore } from '../../platform/blob-store.ts';
import { AppError } from '../../platform/errors.ts';

export type UploadKind = 'image' | 'video';

const ALLOWED: Record<UploadKind, readonly string[]> = {
  image: IMAGE_MIME_TYPES,
  video: VIDEO_MIME_TYPES,
};

/** Stores an uploaded file after sniffing its real type from the bytes (the name and header are not trusted). */
export class UploadService {
  constructor(private readonly blobs: BlobStore) {}

  async store(kind: UploadKind, bytes: Buffer, userId: number): Promise<string> {
    if (bytes.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ALLOWED[kind].includes(type.mime)) {
      throw new AppError(kind === 'image' ? 'IMAGE_TYPE' : 'VIDEO_TYPE');
    }
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const name = `${userId.toString(36)}-${randomBytes(12).toString('hex')}.${type.ext}`;
    return this.blobs.put(`${kind}/${month}/${name}`, bytes, type.mime);
  }
}
