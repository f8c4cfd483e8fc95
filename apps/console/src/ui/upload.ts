import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from '@chaopin/contracts';
import { type ApiError, apiUrl, NETWORK_MSG, unwrap } from '../providers/http.ts';
import { session } from '../providers/session.ts';

export type UploadKind = 'image' | 'video';

/** The upload API's route, multipart field, size limit and types for each kind (modules/upload). */
const KINDS = {
  image: {
    path: 'common/multipleUploadLocal',
    field: 'files',
    maxBytes: IMAGE_MAX_BYTES,
    types: IMAGE_MIME_TYPES as readonly string[],
    label: '图片',
    formats: 'JPG、PNG、GIF、WebP',
  },
  video: {
    path: 'common/localUploadVideo',
    field: 'file',
    maxBytes: VIDEO_MAX_BYTES,
    types: VIDEO_MIME_TYPES as readonly string[],
    label: '视频',
    formats: 'MP4、WebM、MOV',
  },
} as const;

/** The `accept` attribute of a file input for the kind. */
export const acceptOf = (kind: UploadKind) => KINDS[kind].types.join(',');

/**
 * Why a file cannot be uploaded as `kind` (the server's own limits, checked before sending), or
 * null. The server sniffs the bytes again: a renamed file is still refused there.
 */
export function uploadProblem(
  kind: UploadKind,
  file: { size: number; type: string },
): string | null {
  const k = KINDS[kind];
  if (file.type && !k.types.includes(file.type)) return `仅支持 ${k.formats} 格式的${k.label}`;
  if (file.size > k.maxBytes) return `${k.label}不能超过 ${k.maxBytes / 1024 / 1024}MB`;
  if (file.size === 0) return '文件是空的';
  return null;
}

/** Uploads one file through the shop's upload API; answers its URL (`/uploads/…`). */
export async function uploadFile(
  kind: UploadKind,
  file: Blob & { name?: string },
): Promise<string> {
  const problem = uploadProblem(kind, file);
  if (problem) throw { statusCode: 400, message: problem } satisfies ApiError;
  const k = KINDS[kind];
  const form = new FormData();
  form.append(k.field, file, file.name ?? `upload.${kind === 'image' ? 'png' : 'mp4'}`);
  const headers = new Headers({ device: '1' });
  const token = session.token();
  if (token) headers.set('TOKEN', token);
  let response: Response;
  try {
    response = await fetch(apiUrl(k.path), { method: 'POST', headers, body: form });
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  const body: unknown = await response.json().catch(() => null);
  return unwrap<string>(response.status, body);
}

/** The message of a thrown ApiError (or anything else), for a toast. */
export function errorText(error: unknown, fallback = '上传失败，请重试'): string {
  return typeof error === 'object' && error && 'message' in error && error.message
    ? String(error.message)
    : fallback;
}
