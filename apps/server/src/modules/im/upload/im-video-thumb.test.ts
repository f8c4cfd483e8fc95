import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadFile } from '../../../../../../packages/im-sdk/src/upload.ts';
import { grabVideoFrame } from '../../../../../../packages/im-sdk/src/video-thumb.ts';
import { client, eventually, imServerPerFile, imUser } from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
const open = s.open;

const VIDEO = new Uint8Array(4096).fill(7);
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

type Answer = { code: number; error?: string; data: Record<string, unknown> };

/** A raw upload: the video and, when given, a thumbnail part. */
async function upload(
  user: { userID: string; userSig: string },
  thumbnail?: Uint8Array,
  kind = 'video',
) {
  const form = new FormData();
  form.append('file', new Blob([VIDEO]), kind === 'video' ? 'clip.mp4' : 'a.png');
  if (thumbnail) form.append('thumbnail', new Blob([thumbnail]), 'thumb.jpg');
  const res = await fetch(`${s.url}/chaopin-boot/api/v1/im/upload?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: { 'x-im-user': user.userID, 'x-im-sig': user.userSig },
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function thumbOf(payload: Record<string, unknown>) {
  const res = await fetch(`${s.url}${payload.thumbUrl}`);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('video thumbnails', () => {
  it('without a frame (no browser here): the SDK sends the video, the 200×200 placeholder comes back', async () => {
    const a = await imUser(s.app);
    const b = await imUser(s.app);
    const ca = await client(s.url, a);
    const cb = await client(s.url, b);
    open.push(ca, cb);
    expect(await grabVideoFrame(new Blob([VIDEO]))).toBeUndefined();
    const m = ca.tim.createVideoMessage({
      to: b.userID,
      conversationType: 'C2C',
      payload: { file: new Blob([VIDEO]), name: 'clip.mp4' },
    });
    const sent = (await ca.tim.sendMessage(m)).data.message;
    expect(sent.payload).toMatchObject({ thumbWidth: 200, thumbHeight: 200, videoFormat: 'mp4' });
    const meta = await thumbOf(sent.payload);
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 200]);
    await eventually(() =>
      expect(cb.received.find((x) => x.ID === sent.ID)?.payload.thumbUrl).toBe(
        sent.payload.thumbUrl,
      ),
    );
  });

  it('with a frame: re-encoded to fit 200×200, aspect kept, never enlarged; the real size in the payload', async () => {
    const u = await imUser(s.app);
    const wide = await upload(u, await jpeg(640, 360));
    expect(wide.status).toBe(200);
    expect(wide.body.data).toMatchObject({ thumbWidth: 200, thumbHeight: 113 });
    const meta = await thumbOf(wide.body.data);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 113]);

    const tall = await upload(
      u,
      await sharp({ create: { width: 90, height: 160, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer(),
    );
    expect(tall.body.data).toMatchObject({ thumbWidth: 90, thumbHeight: 160 });
    expect((await thumbOf(tall.body.data)).format).toBe('jpeg');
  });

  it("the SDK's upload sends the grabbed frame and the length the browser measured", async () => {
    const u = await imUser(s.app);
    const frame = await jpeg(200, 150);
    const payload = await uploadFile(s.url, u.userID, u.userSig, {
      kind: 'video',
      blob: new Blob([VIDEO]),
      name: 'clip.mp4',
      thumb: Promise.resolve({ blob: new Blob([frame]), width: 200, height: 150, second: 7 }),
    });
    expect(payload).toMatchObject({ thumbWidth: 200, thumbHeight: 150, videoSecond: 7 });
    expect((await thumbOf(payload)).format).toBe('jpeg');
  });

  it('a bad thumbnail part is refused with its catalogue error', async () => {
    const u = await imUser(s.app);
    const notImage = await upload(u, new TextEncoder().encode('not a picture at all'));
    expect([notImage.status, notImage.body.error]).toEqual([400, 'IM_VIDEO_THUMB_INVALID']);
    // A PNG signature followed by garbage: looks like an image, does not decode.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0xab)]);
    expect((await upload(u, broken)).body.error).toBe('IM_VIDEO_THUMB_INVALID');
    // Small in bytes, huge in pixels: not decoded.
    const bomb = await sharp({
      create: { width: 5000, height: 5000, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(u, bomb)).body.error).toBe('IM_VIDEO_THUMB_INVALID');
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(await jpeg(10, 10));
    const tooLarge = await upload(u, huge);
    expect([tooLarge.status, tooLarge.body.error]).toEqual([413, 'IM_VIDEO_THUMB_TOO_LARGE']);
    // Only a video carries a thumbnail.
    const onImage = await upload(u, await jpeg(10, 10), 'image');
    expect(onImage.body.error).toBe('UPLOAD_TOO_MANY');
  });
});
