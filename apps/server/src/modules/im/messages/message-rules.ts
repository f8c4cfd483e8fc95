import { IM, MSG_TYPES, type MsgType } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';

const str = (v: unknown, max = 4096) => typeof v === 'string' && v.length <= max;
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Types a client may send (tips and system notices are made by the server only). */
export const SENDABLE: ReadonlySet<string> = new Set([
  MSG_TYPES.TEXT,
  MSG_TYPES.IMAGE,
  MSG_TYPES.AUDIO,
  MSG_TYPES.VIDEO,
  MSG_TYPES.FILE,
  MSG_TYPES.LOCATION,
  MSG_TYPES.CUSTOM,
  MSG_TYPES.FACE,
]);

/** Checks a message body (SPEC §5 "Sending"); returns the payload as it is stored. */
export function checkMessageBody(
  type: string,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  if (!SENDABLE.has(type)) throw new AppError('IM_MESSAGE_INVALID');
  if (Buffer.byteLength(JSON.stringify(payload)) > IM.TEXT_MAX_BYTES)
    throw new AppError('IM_MESSAGE_TOO_LONG');
  const invalid = () => new AppError('IM_MESSAGE_INVALID');
  switch (type as MsgType) {
    case 'TIMTextElem':
      if (typeof payload.text !== 'string' || payload.text.length === 0) throw invalid();
      if (payload.atUserList === undefined) return { text: payload.text };
      // @-mentions (group text): user ids, or AT_ALL for everyone.
      if (
        !Array.isArray(payload.atUserList) ||
        payload.atUserList.length > 100 ||
        !payload.atUserList.every((u) => str(u, 64) && u)
      ) {
        throw invalid();
      }
      return { text: payload.text, atUserList: payload.atUserList };
    case 'TIMImageElem': {
      const arr = payload.imageInfoArray;
      if (!Array.isArray(arr) || !arr.length || !arr.every((i) => str(i?.url, 1024) && i.url)) {
        throw new AppError('IM_FILE_URL_EMPTY');
      }
      return payload;
    }
    case 'TIMSoundElem':
      if (!str(payload.url, 1024) || !payload.url) throw new AppError('IM_FILE_URL_EMPTY');
      return payload;
    case 'TIMVideoFileElem':
      if (!str(payload.videoUrl, 1024) || !payload.videoUrl)
        throw new AppError('IM_FILE_URL_EMPTY');
      return payload;
    case 'TIMFileElem':
      if (!str(payload.fileUrl, 1024) || !payload.fileUrl) throw new AppError('IM_FILE_URL_EMPTY');
      return payload;
    case 'TIMLocationElem':
      if (!str(payload.description, 500) || !num(payload.longitude) || !num(payload.latitude))
        throw invalid();
      return {
        description: payload.description,
        longitude: payload.longitude,
        latitude: payload.latitude,
      };
    case 'TIMCustomElem':
      if (
        ![payload.data ?? '', payload.description ?? '', payload.extension ?? ''].every((v) =>
          str(v, IM.TEXT_MAX_BYTES),
        )
      ) {
        throw invalid();
      }
      return {
        data: payload.data ?? '',
        description: payload.description ?? '',
        extension: payload.extension ?? '',
      };
    case 'TIMFaceElem':
      if (!num(payload.index) || !str(payload.data ?? '', 256)) throw invalid();
      return { index: payload.index, data: payload.data ?? '' };
    default:
      throw invalid();
  }
}
