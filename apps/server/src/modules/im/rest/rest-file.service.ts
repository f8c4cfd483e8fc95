import { randomBytes } from 'node:crypto';
import { IM } from '@chaopin/contracts';
import { sniffType, typeHeaders } from '../../../platform/blob-serve.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RestFileRepo } from './rest-file.repo.ts';

/**
 * `chatfiles`: 1 byte to 10 MB, downloadable only with the share secret given at upload, always
 * as an attachment. Its type is sniffed from the bytes (the client's part header is not trusted),
 * and a download is typed again from its bytes, so rows stored before that are served safely too.
 */
export class RestFileService {
  constructor(private readonly repo: RestFileRepo) {}

  async store(owner: string, file: { name: string; mime: string; bytes: Uint8Array }) {
    if (file.bytes.byteLength <= 0 || file.bytes.byteLength > IM.CHATFILE_MAX_BYTES)
      throw new AppError('IM_REST_FILE_SIZE');
    const id = randomBytes(16).toString('hex');
    const secret = randomBytes(18).toString('base64url');
    await this.repo.insert({
      id,
      secret,
      owner,
      file_name: file.name.slice(0, 200),
      content_type: (await sniffType(file.bytes)).mime,
      data: file.bytes,
    });
    return { id, secret };
  }

  async open(id: string, secret: unknown) {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    if (secret !== row.secret) throw new AppError('IM_REST_FILE_SECRET');
    const bytes = Buffer.from(row.data);
    return { headers: typeHeaders(await sniffType(bytes), { download: true }), bytes };
  }
}
