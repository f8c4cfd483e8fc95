import { describe, expect, it } from 'vitest';
import { chatTextError, NICK_COLORS, nickColor, parseChatBody, toChatLine } from './chatBody.ts';

const msg = { roomId: 'live_1', sequence: 7 };

describe('parseChatBody', () => {
  it('reads text, enter and event bodies, as objects or JSON text', () => {
    expect(parseChatBody({ kind: 'text', text: '你好', nick: '小红', avatar: '/a.png' })).toEqual({
      kind: 'text',
      text: '你好',
      nick: '小红',
      avatar: '/a.png',
    });
    expect(parseChatBody('{"kind":"enter","nick":"小明"}')).toEqual({
      kind: 'enter',
      nick: '小明',
    });
    const event = { type: 'state', state: 'ended' };
    expect(parseChatBody({ kind: 'event', event })).toEqual({ kind: 'event', event });
  });
  it('drops malformed bodies', () => {
    for (const bad of [null, 3, 'not json', '{}', { kind: 'text', text: '  ' }, { kind: 'event' }])
      expect(parseChatBody(bad)).toBeNull();
  });
  it('fills a missing nick and cuts text to 100 characters', () => {
    const body = parseChatBody({ kind: 'text', text: 'a'.repeat(150) });
    expect(body).toMatchObject({ nick: '用户', avatar: '' });
    expect(body?.kind === 'text' && body.text.length).toBe(100);
  });
});

describe('toChatLine', () => {
  it('puts text in the chat and arrivals and events in the ticker', () => {
    expect(toChatLine(msg, { kind: 'text', text: 'hi', nick: 'a', avatar: '' })).toMatchObject({
      key: 'live_1:7',
      place: 'chat',
      text: 'hi',
    });
    expect(toChatLine(msg, { kind: 'enter', nick: 'b' })).toMatchObject({
      place: 'ticker',
      text: '进入直播间',
    });
    const gift = { id: 1, name: '小心心', icon: '', price: 100, tier: 1 };
    expect(
      toChatLine(msg, {
        kind: 'event',
        event: { type: 'gift', userId: 1, nickname: 'c', avatar: '', gift, count: 10 },
      }),
    ).toMatchObject({ kind: 'gift', text: '送出 小心心 ×10' });
    expect(
      toChatLine(msg, { kind: 'event', event: { type: 'buy', nickname: 'd', title: 'T恤' } }),
    ).toMatchObject({ kind: 'buy', text: '正在购买 T恤' });
    expect(toChatLine(msg, { kind: 'event', event: { type: 'state', state: 'live' } })).toBeNull();
  });
  it('gives a nick the same colour every time', () => {
    expect(nickColor('小红')).toBe(nickColor('小红'));
    expect(NICK_COLORS).toContain(nickColor('someone'));
  });
});

describe('chatTextError', () => {
  it('accepts 1-100 characters after trimming', () => {
    expect(chatTextError('  ')).toBe('说点什么吧');
    expect(chatTextError('好')).toBeNull();
    expect(chatTextError('好'.repeat(100))).toBeNull();
    expect(chatTextError('好'.repeat(101))).toBe('最多100个字');
  });
});
