import { ERRORS, type ImAck } from '@chaopin/contracts';
import { TimError } from './errors.ts';
import { KIND_CODE } from './tim-codes.ts';
import type { VideoFrame } from './video-thumb.ts';

export const UPLOAD_PATH = '/chaopin-boot/api/v1/im/upload';

type UploadAnswer = { code: number; error?: string; msg?: string; data: unknown } | null;

/** SPEC §9: uploads time out after 60 s. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The part of XMLHttpRequest used here (the SDK also compiles where the DOM library is absent). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  timeout: number;
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  responseText: string;
  send(body: FormData): void;
}
const XHR = (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

/** In a browser: XHR, the one API that reports upload progress. */
function postWithProgress(
  Request: new () => Xhr,
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new Request();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = xhr.ontimeout = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
}

/** Uploads a message file (image/audio/video/file) and returns the message payload the server built. */
export async function uploadFile(
  server: string,
  userID: string,
  userSig: string,
  file: { kind: string; blob: Blob; name: string; thumb?: Promise<VideoFrame | undefined> },
  onProgress?: (percent: number) => void,
): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  // A video's frame (when the browser could grab one); without it the server uses a placeholder.
  const frame = await file.thumb;
  if (frame) form.append('thumbnail', frame.blob, 'thumbnail.jpg');
  const url = `${server}${UPLOAD_PATH}?kind=${file.kind}`;
  const headers = { 'x-im-user': userID, 'x-im-sig': userSig };
  let body: UploadAnswer;
  try {
    if (onProgress && XHR) {
      body = await postWithProgress(XHR, url, form, headers, onProgress);
    } else {
      const res = await fetch(url, {
        method: 'POST',
        body: form,
        headers,
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      body = (await res.json().catch(() => null)) as UploadAnswer;
    }
  } catch {
    throw TimError.of('IM_UPLOAD_FAIL', { code: kindCode('IM_UPLOAD_FAIL', file.kind) });
  }
  if (body?.code !== 1) {
    const id = body?.error && body.error in ERRORS ? body.error : 'IM_UPLOAD_FAIL';
    throw new TimError(id, body?.msg ?? ERRORS.IM_UPLOAD_FAIL.msg, {
      status: body?.code ?? 400,
      code: kindCode(id, file.kind),
    });
  }
  const data = body.data as Record<string, unknown>;
  // The server cannot measure a video; the browser that decoded the frame knows its length.
  if (frame?.second && !data.videoSecond) data.videoSecond = frame.second;
  return data;
}
/** TIM's code of a failed upload, by message kind where TIM has one per kind. */
function kindCode(id: string, kind: string): number | undefined {
  const byKind = KIND_CODE[id as keyof typeof KIND_CODE] as Record<string, number> | undefined;
  return byKind?.[kind];
}

export type { ImAck };
