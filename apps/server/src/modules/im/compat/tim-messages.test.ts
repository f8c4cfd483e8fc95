// TIM compatibility (issue 30): messages, conversations and read receipts, each snippet written
// as Tencent's tim-js-sdk / @tencentcloud/chat documentation writes it, run against a real server.
import TIM, { type Conversation, type Message } from '@chaopin/im-sdk';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';
import { rejection, session } from '../../../../test/kits/tim-compat-kit.ts';

const s = imServerPerFile();

const pair = async () => [await session(s, 'A'), await session(s, 'B')] as const;

describe('TIM snippets: sending and receiving', () => {
  it('createTextMessage + sendMessage; the peer gets MESSAGE_RECEIVED', async () => {
    const [a, b] = await pair();
    const tim = a.tim;
    const got: Message[] = [];
    const onMessageReceived = (event: { data: unknown }) => {
      got.push(...(event.data as Message[]));
    };
    b.tim.on(TIM.EVENT.MESSAGE_RECEIVED, onMessageReceived);
    const message = tim.createTextMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { text: 'Hello world!' },
    });
    const imResponse = await tim.sendMessage(message);
    expect(imResponse.code).toBe(0);
    expect(imResponse.data.message.status).toBe('success');
    await eventually(() => expect(got.map((m) => m.payload.text)).toEqual(['Hello world!']));
    expect(got[0]).toMatchObject({ flow: 'in', type: TIM.TYPES.MSG_TEXT, from: a.userID });
  });

  it('an image whose payload.file is an <input type=file> element sends its first file', async () => {
    const [a, b] = await pair();
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: '#00aaff' },
    })
      .png()
      .toBuffer();
    // What document.getElementById('imagePicker') is in a browser: its .files list.
    const imagePicker = { files: [new File([png], 'photo.png', { type: 'image/png' })] };
    const progress: number[] = [];
    const message = a.tim.createImageMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { file: imagePicker },
      onProgress: (event) => progress.push(event),
    });
    const imResponse = await a.tim.sendMessage(message);
    const info = imResponse.data.message.payload as { imageInfoArray: Array<{ width: number }> };
    expect(info.imageInfoArray[0]?.width).toBe(32);
    await eventually(() => expect(b.received.map((m) => m.type)).toEqual([TIM.TYPES.MSG_IMAGE]));
  });

  it('an empty <input> (no file chosen) is refused with 2251 (select a file first)', async () => {
    const [a, b] = await pair();
    let code = 0;
    try {
      a.tim.createImageMessage({
        to: b.userID,
        conversationType: TIM.TYPES.CONV_C2C,
        payload: { file: { files: [] } },
      });
    } catch (imError) {
      code = (imError as { code: number }).code;
    }
    expect(code).toBe(2251);
  });

  it('createCustomMessage with data / description / extension', async () => {
    const [a, b] = await pair();
    const message = a.tim.createCustomMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { data: 'dice', description: String(6), extension: '' },
    });
    await a.tim.sendMessage(message);
    await eventually(() =>
      expect(b.received[0]?.payload).toEqual({ data: 'dice', description: '6', extension: '' }),
    );
  });

  it('sendMessage without a message instance rejects with 2105', async () => {
    const [a] = await pair();
    const imError = await rejection(a.tim.sendMessage(undefined as unknown as Message));
    expect(imError.code).toBe(2105);
  });

  it('a blacklisted sender is refused with 20007', async () => {
    const [a, b] = await pair();
    await b.tim.addToBlacklist({ userIDList: [a.userID] });
    const message = a.tim.createTextMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { text: 'hi' },
    });
    const imError = await rejection(a.tim.sendMessage(message));
    expect(imError.code).toBe(20007);
    expect(message.status).toBe('fail');
  });
});

describe('TIM snippets: history, conversations, read receipts', () => {
  it('getMessageList pages with nextReqMessageID until isCompleted', async () => {
    const [a, b] = await pair();
    for (let i = 0; i < 5; i++)
      await a.tim.sendMessage(
        a.tim.createTextMessage({
          to: b.userID,
          conversationType: TIM.TYPES.CONV_C2C,
          payload: { text: `m${i}` },
        }),
      );
    const conversationID = `C2C${a.userID}`;
    const texts: string[] = [];
    let nextReqMessageID = '';
    let isCompleted = false;
    while (!isCompleted) {
      const imResponse = await b.tim.getMessageList({ conversationID, nextReqMessageID, count: 2 });
      texts.unshift(...imResponse.data.messageList.map((m) => String(m.payload.text)));
      nextReqMessageID = imResponse.data.nextReqMessageID;
      isCompleted = imResponse.data.isCompleted;
    }
    expect(texts).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('getConversationList, setMessageRead and MESSAGE_READ_BY_PEER', async () => {
    const [a, b] = await pair();
    const readByPeer: Message[] = [];
    a.tim.on(TIM.EVENT.MESSAGE_READ_BY_PEER, (event) => {
      readByPeer.push(...(event.data as Message[]));
    });
    const sent = await a.tim.sendMessage(
      a.tim.createTextMessage({
        to: b.userID,
        conversationType: TIM.TYPES.CONV_C2C,
        payload: { text: 'read me' },
      }),
    );
    const conversationID = `C2C${a.userID}`;
    await eventually(async () => {
      const { conversationList } = (await b.tim.getConversationList()).data;
      expect(conversationList.find((c) => c.conversationID === conversationID)?.unreadCount).toBe(
        1,
      );
    });
    await b.tim.setMessageRead({ conversationID });
    const { conversation } = (await b.tim.getConversationProfile(conversationID)).data;
    expect(conversation.unreadCount).toBe(0);
    await eventually(() => expect(readByPeer.map((m) => m.ID)).toEqual([sent.data.message.ID]));
    expect(sent.data.message.isPeerRead).toBe(true);
  });

  it('setAllMessageRead({ scope: READ_ALL_MSG }) and TOTAL_UNREAD_MESSAGE_COUNT_UPDATED', async () => {
    const [a, b] = await pair();
    const c = await session(s, 'C');
    const totals: number[] = [];
    b.tim.on(TIM.EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (event) => {
      totals.push(event.data as number);
    });
    for (const from of [a, c])
      await from.tim.sendMessage(
        from.tim.createTextMessage({
          to: b.userID,
          conversationType: TIM.TYPES.CONV_C2C,
          payload: { text: 'ping' },
        }),
      );
    await eventually(() => expect(b.tim.getTotalUnreadMessageCount()).toBe(2));
    await b.tim.setAllMessageRead({ scope: TIM.TYPES.READ_ALL_MSG });
    await eventually(() => expect(b.tim.getTotalUnreadMessageCount()).toBe(0));
    expect(totals.at(-1)).toBe(0);
    const list = (await b.tim.getConversationList()).data.conversationList as Conversation[];
    expect(list.every((conv) => conv.unreadCount === 0)).toBe(true);
  });

  it('deleteConversation removes it from the list', async () => {
    const [a, b] = await pair();
    await a.tim.sendMessage(
      a.tim.createTextMessage({
        to: b.userID,
        conversationType: TIM.TYPES.CONV_C2C,
        payload: { text: 'x' },
      }),
    );
    const conversationID = `C2C${b.userID}`;
    await a.tim.deleteConversation(conversationID);
    const { conversationList } = (await a.tim.getConversationList()).data;
    expect(conversationList.map((conv) => conv.conversationID)).not.toContain(conversationID);
  });
});

describe('TIM snippets: revoke', () => {
  it('revokeMessage: MESSAGE_REVOKED at the peer; the sender keeps the payload to re-edit', async () => {
    const [a, b] = await pair();
    const revoked: Message[] = [];
    b.tim.on(TIM.EVENT.MESSAGE_REVOKED, (event) => {
      revoked.push(...(event.data as Message[]));
    });
    const message = a.tim.createTextMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { text: 'typo' },
    });
    await a.tim.sendMessage(message);
    await eventually(() => expect(b.received).toHaveLength(1));
    const imResponse = await a.tim.revokeMessage(message);
    expect(imResponse.data.message.isRevoked).toBe(true);
    expect(message.payload.text).toBe('typo'); // re-edit: the text is still there
    await eventually(() => expect(revoked.map((m) => m.ID)).toEqual([message.ID]));
    expect(b.received[0]?.isRevoked).toBe(true);
  });

  it('the peer cannot revoke (2110); after 2 minutes the sender cannot (20016)', async () => {
    const [a, b] = await pair();
    const message = a.tim.createTextMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { text: 'old' },
    });
    await a.tim.sendMessage(message);
    await eventually(() => expect(b.received).toHaveLength(1));
    expect((await rejection(b.tim.revokeMessage(b.received[0] as Message))).code).toBe(2110);
    await s.app.deps.db
      .updateTable('im_message')
      .set({ time_ms: Date.now() - 121_000 })
      .where('msg_id', '=', message.ID)
      .execute();
    expect((await rejection(a.tim.revokeMessage(message))).code).toBe(20016);
  });
});
