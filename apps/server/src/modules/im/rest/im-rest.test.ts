import { randomBytes } from 'node:crypto';
import type { Message } from '@chaopin/im-sdk';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { login } from '../../../../test/helpers.ts';
import { makeAdmin } from '../../../../test/kits/aftersale-kit.ts';
import {
  client,
  errorOf,
  eventually,
  imServerPerFile,
  imUser,
  rawCall,
} from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
const open = s.open;

const noisyPng = (w: number, h: number) =>
  sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();

async function upload(
  user: { userID: string; userSig: string },
  kind: string,
  name: string,
  bytes: Uint8Array,
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${s.url}/chaopin-boot/api/v1/im/upload?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: { 'x-im-user': user.userID, 'x-im-sig': user.userSig },
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; error?: string; data: Record<string, unknown> },
  };
}

describe('message files', () => {
  it('image, audio, video and file messages upload through the SDK and arrive with their urls', async () => {
    const a = await imUser(s.app);
    const b = await imUser(s.app);
    const ca = await client(s.url, a);
    const cb = await client(s.url, b);
    open.push(ca, cb);
    const big = await noisyPng(400, 300);
    expect(big.byteLength).toBeGreaterThan(204800);
    const to = { to: b.userID, conversationType: 'C2C' };
    const img = ca.tim.createImageMessage({
      ...to,
      payload: { file: new Blob([big]), name: 'photo.png' },
    });
    const sent = (await ca.tim.sendMessage(img)).data.message;
    const info = sent.payload as {
      thumbnail: boolean;
      imageInfoArray: Array<{ url: string; width: number; height: number }>;
    };
    expect(info.thumbnail).toBe(true);
    expect(info.imageInfoArray.map((i) => [i.width, i.height])).toEqual([
      [400, 300],
      [400, 300], // shorter side 300 < 720: not upscaled
      [264, 198],
    ]);
    const fetched = await fetch(`${s.url}${info.imageInfoArray[2]?.url}`);
    expect(fetched.status).toBe(200);
    const small = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const smallMsg = (
      await ca.tim.sendMessage(
        ca.tim.createImageMessage({ ...to, payload: { file: new Blob([small]), name: 'a.png' } }),
      )
    ).data.message;
    expect((smallMsg.payload as { thumbnail: boolean }).thumbnail).toBe(false);
    const audio = (
      await ca.tim.sendMessage(
        ca.tim.createAudioMessage({
          ...to,
          payload: { file: new Blob([randomBytes(100)]), name: 'v.mp3' },
        }),
      )
    ).data.message;
    expect((audio.payload as { url: string }).url).toMatch(/^\/uploads\//);
    const video = (
      await ca.tim.sendMessage(
        ca.tim.createVideoMessage({
          ...to,
          payload: { file: new Blob([randomBytes(1000)]), name: 'c.mp4' },
        }),
      )
    ).data.message;
    expect(video.payload).toMatchObject({ thumbWidth: 200, thumbHeight: 200, videoFormat: 'mp4' });
    const file = (
      await ca.tim.sendMessage(
        ca.tim.createFileMessage({
          ...to,
          payload: { file: new Blob([randomBytes(10)]), name: '合同.pdf' },
        }),
      )
    ).data.message;
    expect(file.payload).toMatchObject({ fileName: '合同.pdf', fileSize: 10 });
    await eventually(() =>
      expect(cb.received.map((m: Message) => m.type)).toEqual([
        'TIMImageElem',
        'TIMImageElem',
        'TIMSoundElem',
        'TIMVideoFileElem',
        'TIMFileElem',
      ]),
    );
    const conv = (await cb.tim.getConversationList()).data.conversationList[0];
    expect(conv?.lastMessage.messageForShow).toBe('[文件]');
  });

  it('SPEC §5 upload rules: non-empty, allowed types, size limits, credential required', async () => {
    const a = await imUser(s.app);
    const ca = await client(s.url, a);
    open.push(ca);
    const to = { to: a.userID, conversationType: 'C2C' };
    expect(
      await errorOf(() =>
        ca.tim.createImageMessage({ ...to, payload: { file: new Blob([]), name: 'a.png' } }),
      ),
    ).toBe('IM_UPLOAD_EMPTY');
    expect(
      await errorOf(() => ca.tim.createImageMessage({ ...to, payload: undefined as never })),
    ).toBe('IM_FILE_URL_EMPTY');
    const big = { size: 20 * 1024 * 1024 } as Blob;
    expect(
      await errorOf(() =>
        ca.tim.createImageMessage({ ...to, payload: { file: big, name: 'a.png' } }),
      ),
    ).toBe('IM_IMAGE_TOO_LARGE');
    expect(
      await errorOf(() =>
        ca.tim.createAudioMessage({
          ...to,
          payload: { file: { size: 20 * 1024 * 1024 + 1 } as Blob },
        }),
      ),
    ).toBe('IM_AUDIO_TOO_LARGE');
    expect(
      await errorOf(() =>
        ca.tim.createVideoMessage({
          ...to,
          payload: { file: { size: 100 * 1024 * 1024 + 1 } as Blob },
        }),
      ),
    ).toBe('IM_VIDEO_TOO_LARGE');
    expect(
      await errorOf(() =>
        ca.tim.createFileMessage({
          ...to,
          payload: { file: { size: 100 * 1024 * 1024 + 1 } as Blob },
        }),
      ),
    ).toBe('IM_FILE_TOO_LARGE');
    // the server's own checks
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(a, 'image', 'a.png', new Uint8Array())).body.error).toBe(
      'IM_UPLOAD_EMPTY',
    );
    expect((await upload(a, 'image', 'a.exe', png)).body.error).toBe('IM_UPLOAD_TYPE');
    expect((await upload(a, 'image', 'a.png', randomBytes(100))).body.error).toBe('IM_UPLOAD_TYPE');
    expect((await upload(a, 'video', 'a.txt', randomBytes(100))).body.error).toBe('IM_UPLOAD_TYPE');
    expect(
      (await upload(a, 'audio', 'a.mp3', new Uint8Array(20 * 1024 * 1024 + 1))).body.error,
    ).toBe('IM_AUDIO_TOO_LARGE');
    expect((await upload(a, 'image', 'a.png', new Uint8Array(20 * 1024 * 1024))).body.error).toBe(
      'IM_IMAGE_TOO_LARGE',
    );
    expect((await upload(a, 'other', 'a.png', png)).body.error).toBe('IM_UPLOAD_TYPE');
    expect((await upload({ userID: a.userID, userSig: 'x.y' }, 'file', 'a.txt', png)).status).toBe(
      401,
    );
    const ok = await upload(a, 'file', 'a.bin', new Uint8Array(5));
    expect(ok.body.code).toBe(1);
    // a file message needs an uploaded url
    const raw = rawCall(ca);
    expect(
      await errorOf(
        raw('sendMessage', { ...to, type: 'TIMFileElem', payload: { fileUrl: '' }, random: 5 }),
      ),
    ).toBe('IM_FILE_URL_EMPTY');
  });
});

describe('chat-provider REST', () => {
  const base = '/acme/shop';
  const json = (body: unknown) => ({
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  it('users, token, chat groups, members paging, chat rooms, files with a share secret', async () => {
    const app = s.app;
    const name = `ops_${randomBytes(4).toString('hex')}`;
    const body = { username: name, password: 'p@ss', nickname: '运营' };
    // Only the operator registers accounts: anonymous 401, a shopper 403, nothing created.
    const anonymous = await app.inject({ method: 'POST', url: `${base}/users`, ...json(body) });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, 'LOGIN_REQUIRED']);
    const shopper = (await login(app)).token;
    const asShopper = json(body);
    const refused = await app.inject({
      method: 'POST',
      url: `${base}/users`,
      ...asShopper,
      headers: { ...asShopper.headers, token: shopper },
    });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'FORBIDDEN']);
    const admin = await makeAdmin(app);
    const asAdmin = (b: unknown) => {
      const j = json(b);
      return { ...j, headers: { ...j.headers, token: admin } };
    };
    const reg = await app.inject({ method: 'POST', url: `${base}/users`, ...asAdmin(body) });
    expect(reg.statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${base}/users`,
          ...asAdmin({ username: name, password: 'x' }),
        })
      ).json().error,
    ).toBe('IM_REST_USER_EXISTS');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${base}/users`,
          ...asAdmin({ username: 'bad name!', password: 'x' }),
        })
      ).json().error,
    ).toBe('IM_REST_USERNAME_INVALID');
    const bad = await app.inject({
      method: 'POST',
      url: `${base}/token`,
      ...json({ grant_type: 'password', username: name, password: 'nope' }),
    });
    expect(bad.json().error).toBe('IM_REST_PASSWORD_WRONG');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${base}/token`,
          ...json({ grant_type: 'client', username: name, password: 'p@ss' }),
        })
      ).json().error,
    ).toBe('IM_REST_GRANT_TYPE');
    const tok = await app.inject({
      method: 'POST',
      url: `${base}/token`,
      ...json({ grant_type: 'password', username: name, password: 'p@ss', timestamp: Date.now() }),
    });
    const token = tok.json().data.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: `${base}/chatrooms` })).json().error).toBe(
      'IM_REST_TOKEN_INVALID',
    );

    const member = await imUser(app);
    const created = await app.inject({
      method: 'POST',
      url: `${base}/chatgroups`,
      payload: JSON.stringify({
        groupname: '后台群',
        desc: 'd',
        public: true,
        members: [member.userID],
        invite_need_confirm: true,
      }),
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(created.json().data.invite_need_confirm).toBe(false);
    const gid = created.json().data.data.groupid as string;
    const users = await app.inject({
      method: 'GET',
      url: `${base}/chatgroups/${encodeURIComponent(gid)}/users?pagenum=1&pagesize=10`,
      headers: auth,
    });
    expect(users.json().data.data).toEqual([{ owner: name }, { member: member.userID }]);
    for (const [q, err] of [
      ['pagenum=0', 'IM_REST_PAGE_NUM'],
      ['pagenum=-1', 'IM_REST_PAGE_NUM'],
      ['pagenum=abc', 'IM_REST_PAGE_NUM'],
      ['pagesize=0', 'IM_REST_PAGE_SIZE'],
    ] as const) {
      const r = await app.inject({
        method: 'GET',
        url: `${base}/chatgroups/${encodeURIComponent(gid)}/users?${q}`,
        headers: auth,
      });
      expect(r.json().error).toBe(err);
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `${base}/chatgroups/${encodeURIComponent(gid)}/users?pagesize=x`,
          headers: auth,
        })
      ).json().msg,
    ).toBe('The parameter "pageSize" should be a positive number');
    expect(
      (
        await app.inject({ method: 'GET', url: `${base}/chatgroups/%20/users`, headers: auth })
      ).json().error,
    ).toBe('IM_REST_GROUP_ID_REQUIRED');
    const info = await app.inject({
      method: 'GET',
      url: `${base}/chatgroups/${encodeURIComponent(gid)}?version=v3`,
      headers: auth,
    });
    expect(info.json().data.data[0]).toMatchObject({
      id: gid,
      name: '后台群',
      owner: name,
      affiliations_count: 2,
    });
    const rooms = await app.inject({ method: 'GET', url: `${base}/chatrooms`, headers: auth });
    expect(rooms.json().data).toMatchObject({ pagenum: 1, pagesize: 20 });
    // the SDK sees the same group
    const cm = await client(s.url, member);
    open.push(cm);
    expect((await cm.tim.getGroupList()).data.groupList.map((g) => g.groupID)).toContain(gid);
    const del = await app.inject({
      method: 'DELETE',
      url: `${base}/chatgroups/${encodeURIComponent(gid)}?version=v3`,
      headers: auth,
    });
    expect(del.json().data.data.success).toBe(true);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `${base}/chatgroups/${encodeURIComponent(gid)}?version=v3`,
          headers: auth,
        })
      ).json().error,
    ).toBe('IM_GROUP_NOT_FOUND');

    // chat files: > 0 and ≤ 10485760 bytes, bearer needed; download needs the share secret
    const send = async (bytes: Uint8Array, headers: Record<string, string> = auth) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'f.txt');
      const res = await fetch(`${s.url}${base}/chatfiles`, {
        method: 'POST',
        body: form,
        headers,
      });
      return (await res.json()) as {
        code: number;
        error?: string;
        data: { entities: Array<{ uuid: string; 'share-secret': string }> };
      };
    };
    expect((await send(new Uint8Array(3), {})).error).toBe('IM_REST_TOKEN_INVALID');
    expect((await send(new Uint8Array(0))).error).toBe('IM_REST_FILE_SIZE');
    expect((await send(new Uint8Array(10485761))).error).toBe('IM_REST_FILE_SIZE');
    const up = await send(new Uint8Array([104, 105]));
    const entity = up.data.entities[0] as { uuid: string; 'share-secret': string };
    const noSecret = await fetch(`${s.url}${base}/chatfiles/${entity.uuid}`);
    expect(noSecret.status).toBe(403);
    const wrong = await fetch(`${s.url}${base}/chatfiles/${entity.uuid}`, {
      headers: { 'share-secret': 'nope' },
    });
    expect(wrong.status).toBe(403);
    const good = await fetch(`${s.url}${base}/chatfiles/${entity.uuid}`, {
      headers: { 'share-secret': entity['share-secret'] },
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('hi');
  });
});
