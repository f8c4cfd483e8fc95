import { randomBytes } from 'node:crypto';
import { IM, IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '@chaopin/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { sniffType } from '../../../platform/blob-serve.ts';
import type { BlobStore } from '../../../platform/blob-store.ts';
import { AppError } from '../../../platform/errors.ts';

export type ImUploadKind = 'image' | 'audio' | 'video' | 'file';
export const UPLOAD_KINDS: readonly ImUploadKind[] = ['image', 'audio', 'video', 'file'];

const MAX: Record<ImUploadKind, number> = {
  image: IM.IMAGE_MAX_BYTES,
  audio: IM.AUDIO_MAX_BYTES,
  video: IM.VIDEO_MAX_BYTES,
  file: IM.FILE_MAX_BYTES,
};
export const TOO_LARGE = {
  image: 'IM_IMAGE_TOO_LARGE',
  audio: 'IM_AUDIO_TOO_LARGE',
  video: 'IM_VIDEO_TOO_LARGE',
  file: 'IM_FILE_TOO_LARGE',
} as const;
export const maxBytes = (kind: ImUploadKind) => MAX[kind];

const extOf = (name: string) =>
  name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';

type Thumb = { data: Buffer; ext: string; mime: string; width: number; height: number };

/** A thumbnail no bigger than this (decoding a larger picture is refused, not attempted). */
const THUMB_MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * A video frame the client grabbed: really an image, re-encoded as JPEG fitting 200×200 (SPEC §9)
 * with its aspect kept (never enlarged); its real size goes into the message.
 */
async function videoThumb(input: Buffer): Promise<Thumb> {
  const type = input.byteLength ? await fileTypeFromBuffer(input) : undefined;
  if (!type?.mime.startsWith('image/')) throw new AppError('IM_VIDEO_THUMB_INVALID');
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: THUMB_MAX_INPUT_PIXELS,
      animated: false,
    })
      .rotate()
      .resize(IM.VIDEO_THUMB_SIDE, IM.VIDEO_THUMB_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#000000' })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw new AppError('IM_VIDEO_THUMB_INVALID');
  }
}

/** SPEC §9 "Video thumbnail default 200x200": when the client could not grab a frame. */
async function placeholderThumb(): Promise<Thumb> {
  const side = IM.VIDEO_THUMB_SIDE;
  const data = await sharp({
    create: { width: side, height: side, channels: 3, background: '#333333' },
  })
    .png()
    .toBuffer();
  return { data, ext: 'png', mime: 'image/png', width: side, height: side };
}

/**
 * Message files (SPEC §5): image < 20 MB with an allowed extension (and really an image), audio
 * ≤ 20 MB, video ≤ 100 MB of an allowed type, file ≤ 100 MB; none empty. Stored in the BlobStore;
 * answers the message payload (images with previews of min side 198 and 720; videos with the
 * client's frame as a thumbnail fitting 200×200, else a 200×200 placeholder).
 *
 * The client's file name is only metadata (the file message's `fileName`, a video's
 * `videoFormat`): a stored key's extension comes from the sniffed bytes, and is `bin` for anything
 * that is not an allow-listed passive type (see platform/blob-serve.ts), so an uploaded `.html` or
 * `.svg` is never stored, nor served, as markup.
 */
export class ImUploadService {
  constructor(private readonly blobs: BlobStore) {}

  private key(kind: string, userID: string, ext: string) {
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const owner =
      userID
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 16) || 'u';
    return `im/${kind}/${month}/${owner}-${randomBytes(10).toString('hex')}.${ext}`;
  }

  async store(
    kind: ImUploadKind,
    userID: string,
    name: string,
    bytes: Buffer,
    thumbnail?: Buffer,
  ): Promise<Record<string, unknown>> {
    if (bytes.byteLength === 0) throw new AppError('IM_UPLOAD_EMPTY');
    if (kind === 'image' ? bytes.byteLength >= MAX.image : bytes.byteLength > MAX[kind])
      throw new AppError(TOO_LARGE[kind]);
    const ext = extOf(name);
    const uuid = randomBytes(12).toString('hex');
    if (kind === 'image') return this.image(userID, ext, bytes, uuid);
    if (kind === 'video') {
      if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext))
        throw new AppError('IM_UPLOAD_TYPE');
      // Checked before anything is stored: a bad thumbnail leaves no orphan video behind.
      const thumb = thumbnail ? await videoThumb(thumbnail) : await placeholderThumb();
      const type = await sniffType(bytes);
      const videoUrl = await this.blobs.put(this.key('video', userID, type.ext), bytes, type.mime);
      const thumbUrl = await this.blobs.put(
        this.key('video', userID, thumb.ext),
        thumb.data,
        thumb.mime,
      );
      return {
        uuid,
        videoUrl,
        videoSize: bytes.byteLength,
        videoFormat: ext,
        videoSecond: 0,
        thumbUrl,
        thumbWidth: thumb.width,
        thumbHeight: thumb.height,
      };
    }
    const type = await sniffType(bytes);
    const url = await this.blobs.put(this.key(kind, userID, type.ext), bytes, type.mime);
    if (kind === 'audio') return { uuid, url, size: bytes.byteLength, second: 0 };
    return { uuid, fileUrl: url, fileName: name.slice(0, 200), fileSize: bytes.byteLength };
  }

  private async image(userID: string, ext: string, bytes: Buffer, uuid: string) {
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
      throw new AppError('IM_UPLOAD_TYPE');
    // Really a raster image of an allow-listed type (an SVG or any text never is).
    const type = await sniffType(bytes);
    if (type.family !== 'image') throw new AppError('IM_UPLOAD_TYPE');
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw new AppError('IM_UPLOAD_TYPE');
      });
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const url = await this.blobs.put(this.key('image', userID, type.ext), bytes, type.mime);
    const infos: Array<Record<string, unknown>> = [
      { type: 0, url, width, height, size: bytes.byteLength },
    ];
    // Previews whose shorter side is 720 (large) and 198 (thumbnail), never upscaled.
    for (const [typeNo, side] of [
      [1, IM.IMAGE_PREVIEW_SIDES[1]],
      [2, IM.IMAGE_PREVIEW_SIDES[0]],
    ] as const) {
      const shorter = Math.min(width, height);
      if (!shorter || shorter <= side) {
        infos.push({ type: typeNo, url, width, height, size: bytes.byteLength });
        continue;
      }
      const scale = side / shorter;
      const w = Math.round(width * scale);
      const h = Math.round(height * scale);
      const out = await sharp(bytes).resize(w, h).jpeg({ quality: 80 }).toBuffer();
      infos.push({
        type: typeNo,
        url: await this.blobs.put(this.key('image', userID, 'jpg'), out, 'image/jpeg'),
        width: w,
        height: h,
        size: out.byteLength,
      });
    }
    return {
      uuid,
      imageFormat: type.ext,
      // SPEC §9: over 204800 bytes the upload carries the thumbnail flag.
      thumbnail: bytes.byteLength > IM.IMAGE_THUMB_FLAG_BYTES,
      imageInfoArray: infos,
      fileName: `${uuid}.${type.ext}`,
      fileSize: bytes.byteLength,
      fileType: type.mime,
      width,
      height,
    };
  }
}
