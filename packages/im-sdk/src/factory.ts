import { IM, MSG_TYPES } from '@chaopin/contracts';
import { TimError } from './errors.ts';
import { KIND_CODE } from './tim-codes.ts';
import type { Message } from './types.ts';
import { grabVideoFrame } from './video-thumb.ts';

export interface CreateMessageOptions<P> {
  to: string;
  conversationType: string;
  priority?: string;
  payload: P;
  cloudCustomData?: string;
  /** File messages: called with the uploaded share (0-1) while the file uploads. */
  onProgress?: (percent: number) => void;
}

/** An `<input type=file>` element, as TIM accepts: its first chosen file is sent. */
type FileInputElement = { files: ArrayLike<Blob & { name?: string }> | null };
type FileInput = {
  file: (Blob & { name?: string }) | FileInputElement;
  name?: string;
  second?: number;
};

export type FileSource = FileInput['file'];

/** The file of TIM's `payload.file`: a File/Blob, or the first file of an `<input>` element. */
function blobOf(file: FileInput['file'] | undefined): (Blob & { name?: string }) | undefined {
  if (file && typeof file === 'object' && 'files' in file) return file.files?.[0] ?? undefined;
  return file;
}

let clientSequence = 0;

/** A new outgoing message in status 'unsent' (TIM's create*Message). */
export function draft(
  me: string,
  type: string,
  o: CreateMessageOptions<unknown>,
  payload: Record<string, unknown>,
): Message {
  if (!o || typeof o !== 'object' || typeof o.to !== 'string' || !o.to)
    throw TimError.of('IM_MESSAGE_REQUIRED');
  if (o.conversationType !== 'C2C' && o.conversationType !== 'GROUP')
    throw TimError.of('IM_CONVERSATION_TYPE_INVALID');
  const random = Math.floor(Math.random() * 4294967295);
  const now = Date.now();
  return {
    ID: `${me}-${now}-${random}`,
    conversationID: `${o.conversationType}${o.to}`,
    conversationType: o.conversationType,
    from: me,
    to: o.to,
    time: Math.floor(now / 1000),
    timeMs: now,
    sequence: 0,
    random,
    type: type as Message['type'],
    payload,
    nick: '',
    avatar: '',
    priority: o.priority ?? 'Normal',
    clientSequence: ++clientSequence,
    isRevoked: false,
    cloudCustomData: o.cloudCustomData ?? '',
    flow: 'out',
    status: 'unsent',
    isRead: true,
    isPeerRead: false,
  };
}

function fileOf(kind: 'image' | 'audio' | 'video' | 'file', p: FileInput | undefined) {
  const blob = blobOf(p?.file);
  if (!blob || typeof (blob as Blob).size !== 'number')
    throw TimError.of('IM_FILE_URL_EMPTY', { code: KIND_CODE.IM_FILE_URL_EMPTY[kind] });
  if (blob.size <= 0) throw TimError.of('IM_UPLOAD_EMPTY');
  const max = {
    image: IM.IMAGE_MAX_BYTES,
    audio: IM.AUDIO_MAX_BYTES,
    video: IM.VIDEO_MAX_BYTES,
    file: IM.FILE_MAX_BYTES,
  }[kind];
  const tooLarge = {
    image: 'IM_IMAGE_TOO_LARGE',
    audio: 'IM_AUDIO_TOO_LARGE',
    video: 'IM_VIDEO_TOO_LARGE',
    file: 'IM_FILE_TOO_LARGE',
  } as const;
  // Image: below 20 MB; the others: up to their limit (SPEC §5).
  if (kind === 'image' ? blob.size >= max : blob.size > max) throw TimError.of(tooLarge[kind]);
  // Audio and video: the length the recorder measured (the server cannot know it).
  const second = Math.max(0, Math.round(Number(p?.second) || 0));
  return { kind, blob, name: p?.name ?? blob.name ?? `${kind}`, ...(second ? { second } : {}) };
}

export const factories = {
  text(me: string, o: CreateMessageOptions<{ text: string }>) {
    const text = o?.payload?.text;
    if (typeof text !== 'string' || !text) throw TimError.of('IM_MESSAGE_INVALID');
    if (new TextEncoder().encode(text).length > IM.TEXT_MAX_BYTES)
      throw TimError.of('IM_MESSAGE_TOO_LONG');
    return draft(me, MSG_TYPES.TEXT, o, { text });
  },
  textAt(me: string, o: CreateMessageOptions<{ text: string; atUserList: string[] }>) {
    const m = factories.text(me, o);
    if (o.conversationType !== 'GROUP' || !Array.isArray(o.payload?.atUserList)) {
      throw TimError.of('IM_MESSAGE_INVALID');
    }
    m.payload = { ...m.payload, atUserList: o.payload.atUserList };
    return m;
  },
  location(
    me: string,
    o: CreateMessageOptions<{ description: string; longitude: number; latitude: number }>,
  ) {
    return draft(me, MSG_TYPES.LOCATION, o, { ...o.payload });
  },
  custom(
    me: string,
    o: CreateMessageOptions<{ data?: string; description?: string; extension?: string }>,
  ) {
    return draft(me, MSG_TYPES.CUSTOM, o, {
      data: o.payload?.data ?? '',
      description: o.payload?.description ?? '',
      extension: o.payload?.extension ?? '',
    });
  },
  face(me: string, o: CreateMessageOptions<{ index: number; data?: string }>) {
    return draft(me, MSG_TYPES.FACE, o, { index: o.payload?.index, data: o.payload?.data ?? '' });
  },
  file(
    me: string,
    kind: 'image' | 'audio' | 'video' | 'file',
    type: string,
    o: CreateMessageOptions<FileInput>,
  ) {
    const file = fileOf(kind, o?.payload);
    const m = draft(me, type, o, {});
    // Started now, while the user may still be looking at the message: sending waits at most 3 s.
    m._file = kind === 'video' ? { ...file, thumb: grabVideoFrame(file.blob) } : file;
    if (o.onProgress) m._onProgress = o.onProgress;
    return m;
  },
};
