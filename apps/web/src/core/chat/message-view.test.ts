import { describe, expect, it } from 'vitest';
import {
  canRevoke,
  chatTime,
  fileSize,
  groupTipText,
  listTime,
  parseCard,
  summaryOf,
  tipUserIDs,
  UNSUPPORTED_TEXT,
  withDividers,
} from './message-view.ts';

const NOW = new Date(2026, 10, 22, 12, 0, 0).getTime();
const msg = (ID: string, timeMs: number) => ({
  ID,
  from: 'a',
  type: 'TIMTextElem',
  timeMs,
  isRevoked: false,
  payload: { text: ID },
});

describe('chat time and dividers', () => {
  it('formats today, yesterday, this year and earlier years', () => {
    // China wall-clock times: the texts are China time whatever the phone's zone.
    const at = (china: string) => Date.parse(`${china}+08:00`);
    const now = at('2026-11-22T12:00:00');
    expect(chatTime(at('2026-11-22T09:05:00'), now)).toBe('09:05');
    expect(chatTime(at('2026-11-21T23:59:00'), now)).toBe('昨天 23:59');
    expect(chatTime(at('2026-01-03T08:00:00'), now)).toBe('01-03 08:00');
    expect(chatTime(at('2025-12-31T08:00:00'), now)).toBe('2025-12-31 08:00');
    expect(listTime(at('2026-11-22T00:10:00'), now)).toBe('00:10');
    expect(listTime(at('2026-11-21T08:00:00'), now)).toBe('昨天');
    expect(listTime(at('2026-01-03T08:00:00'), now)).toBe('01-03');
    expect(listTime(at('2025-01-03T08:00:00'), now)).toBe('2025-01-03');
    expect(listTime(0, NOW)).toBe('');
  });

  it('puts a divider first and after every gap of five minutes, not inside a burst', () => {
    const t0 = NOW - 3_600_000;
    const rows = withDividers(
      [
        msg('a', t0),
        msg('b', t0 + 60_000),
        msg('c', t0 + 60_000 + 300_000),
        msg('d', t0 + 60_000 + 300_001),
      ],
      NOW,
    );
    expect(rows.map((r) => (r.kind === 'divider' ? '|' : r.key)).join('')).toBe('|ab|cd');
    expect(withDividers([], NOW)).toEqual([]);
  });
});

describe('message summaries', () => {
  it('uses SPEC placeholders, revoke texts and the unsupported text', () => {
    expect(
      summaryOf({ type: 'TIMImageElem', isRevoked: false, payload: {}, from: 'a' }, 'me'),
    ).toBe('[图片]');
    expect(
      summaryOf({ type: 'TIMSoundElem', isRevoked: false, payload: {}, from: 'a' }, 'me'),
    ).toBe('[语音]');
    expect(
      summaryOf(
        { type: 'TIMTextElem', isRevoked: false, payload: { text: '你好[微笑]' }, from: 'a' },
        'me',
      ),
    ).toBe('你好[微笑]');
    expect(summaryOf({ type: 'TIMTextElem', isRevoked: true, payload: {}, from: 'me' }, 'me')).toBe(
      '你撤回了一条消息',
    );
    expect(summaryOf({ type: 'TIMTextElem', isRevoked: true, payload: {}, from: 'x' }, 'me')).toBe(
      '对方撤回了一条消息',
    );
    expect(summaryOf({ type: 'TIMWhatElem', isRevoked: false, payload: {}, from: 'x' }, 'me')).toBe(
      UNSUPPORTED_TEXT,
    );
    const card = {
      data: JSON.stringify({ kind: 'product', id: '7', title: '茶', image: '', price: 990 }),
    };
    expect(
      summaryOf({ type: 'TIMCustomElem', isRevoked: false, payload: card, from: 'x' }, 'me'),
    ).toBe('[商品]');
    expect(
      summaryOf(
        { type: 'TIMCustomElem', isRevoked: false, payload: { data: 'x' }, from: 'x' },
        'me',
      ),
    ).toBe('[自定义消息]');
  });

  it('parses only well-formed cards', () => {
    expect(parseCard({ data: '{"kind":"order","id":"P1","price":"12"}' })).toEqual({
      kind: 'order',
      id: 'P1',
      title: '',
      image: '',
      price: 12,
    });
    expect(parseCard({ data: '{"kind":"coupon","id":"1"}' })).toBeNull();
    expect(parseCard({ data: '{' })).toBeNull();
    expect(parseCard({})).toBeNull();
  });

  it('writes group tips as lines', () => {
    expect(groupTipText({ operationType: 1, operatorID: 'a', userIDList: ['b', 'c'] })).toBe(
      'b、c 加入了群聊',
    );
    expect(groupTipText({ operationType: 2, operatorID: 'a' })).toBe('a 退出了群聊');
    expect(groupTipText({ operationType: 3, userIDList: ['b'] })).toBe('b 被移出了群聊');
    expect(groupTipText({ operationType: 99 })).toBe('[群提示消息]');
    const nick = (id: string) => ({ a: '小A', b: '小B' })[id] ?? id;
    expect(groupTipText({ operationType: 1, operatorID: 'a', userIDList: ['b', 'c'] }, nick)).toBe(
      '小B、c 加入了群聊',
    );
    expect(tipUserIDs({ operatorID: 'a', userIDList: ['b', 'a'] })).toEqual(['a', 'b']);
    expect(tipUserIDs({})).toEqual([]);
  });

  it('sizes files and limits revoke to the sender within two minutes', () => {
    expect(fileSize(512)).toBe('512B');
    expect(fileSize(2048)).toBe('2.0KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0MB');
    expect(fileSize(-1)).toBe('0B');
    expect(canRevoke({ from: 'me', timeMs: NOW - 119_000, isRevoked: false }, 'me', NOW)).toBe(
      true,
    );
    expect(canRevoke({ from: 'me', timeMs: NOW - 120_000, isRevoked: false }, 'me', NOW)).toBe(
      false,
    );
    expect(canRevoke({ from: 'x', timeMs: NOW, isRevoked: false }, 'me', NOW)).toBe(false);
    expect(canRevoke({ from: 'me', timeMs: NOW, isRevoked: true }, 'me', NOW)).toBe(false);
  });
});
