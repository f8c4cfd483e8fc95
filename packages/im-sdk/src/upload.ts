import { ERRORS, type ImAck } from '@chaopin/contracts';
import { TimError } from './errors.ts';

export const UPLOAD_PATH = '/chaopin-boot/api/v1/im/upload';

/** Uploads a message file (image/audio/video/file) and returns the message payload the server built. */
export async function uploadFile(
  server: string,
  userID: string,
  userSig: string,
  file: { kind: string; blob: Blob; name: string },
): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  let res: Response;
  try {
    res = await fetch(`${server}${UPLOAD_PATH}?kind=${file.kind}`, {
      method: 'POST',
      body: form,
      headers: { 'x-im-user': userID, 'x-im-sig': userSig },
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    throw TimError.of('IM_UPLOAD_FAIL');
  }
  const body = (await res.json().catch(() => null)) as {
    code: number;
    error?: string;
    msg?: string;
    data: unknown;
  } | null;
  if (body?.code !== 1) {
    const id = body?.error && body.error in ERRORS ? body.error : 'IM_UPLOAD_FAIL';
    throw new TimError(body?.code ?? 400, id, body?.msg ?? ERRORS.IM_UPLOAD_FAIL.msg);
  }
  return body.data as Record<string, unknown>;
}
export type { ImAck };
