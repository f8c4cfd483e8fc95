/**
 * FLV framing of the published stream: every RTMP audio/video/script message becomes one FLV tag
 * (11-byte header, body, 4-byte previous tag size), built once and shared by all viewers and the
 * recorder.
 */

/** `FLV`, version 1, audio + video, header size 9, then PreviousTagSize0. */
export const FLV_HEADER = Buffer.from([
  0x46, 0x4c, 0x56, 0x01, 0x05, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00,
]);

export const TAG_AUDIO = 8;
export const TAG_VIDEO = 9;
export const TAG_SCRIPT = 18;

/** What a tag is to a player joining late: which ones it needs before the live edge. */
export type TagRole = 'metadata' | 'audio-config' | 'video-config' | 'keyframe' | 'frame';

/** NMS's packet flags → role (its Flv.parserTag: 0 AAC config, 2 AVC/HEVC config, 3 key frame, 5 script). */
export function roleOfFlags(flags: number): TagRole {
  switch (flags) {
    case 0:
      return 'audio-config';
    case 2:
      return 'video-config';
    case 3:
      return 'keyframe';
    case 5:
      return 'metadata';
    default:
      return 'frame';
  }
}

/** AMF0 string `@setDataFrame`: RTMP publishers wrap onMetaData in it; an FLV file must not. */
const SET_DATA_FRAME = Buffer.from([0x02, 0x00, 0x0d, ...Buffer.from('@setDataFrame')]);

/** A script body as it goes into a file: `onMetaData {…}` without RTMP's `@setDataFrame` wrapper. */
export function scriptBody(body: Buffer): Buffer {
  return body.subarray(0, SET_DATA_FRAME.length).equals(SET_DATA_FRAME)
    ? body.subarray(SET_DATA_FRAME.length)
    : body;
}

/** One FLV tag (a copy: the parser reuses its buffer). `timestamp` in ms, 32 bits as FLV has. */
export function flvTag(type: number, timestamp: number, body: Buffer): Buffer {
  const size = body.length;
  const tag = Buffer.allocUnsafe(11 + size + 4);
  tag[0] = type;
  tag.writeUIntBE(size, 1, 3);
  const ts = timestamp >>> 0;
  tag.writeUIntBE(ts & 0xffffff, 4, 3);
  tag[7] = ts >>> 24;
  tag.writeUIntBE(0, 8, 3);
  body.copy(tag, 11);
  tag.writeUInt32BE(11 + size, 11 + size);
  return tag;
}
