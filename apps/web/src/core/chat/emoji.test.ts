import { describe, expect, it } from 'vitest';
import { backspaceEmojiText, EMOJIS, emojiPages, parseEmojiText } from './emoji.ts';

describe('emoji', () => {
  it('has 120 labelled emoji in five pages of 24, each token 2-3 characters', () => {
    expect(EMOJIS).toHaveLength(120);
    const pages = emojiPages();
    expect(pages.map((p) => p.length)).toEqual([24, 24, 24, 24, 24]);
    for (const e of EMOJIS) expect([...e.label].length).toBeGreaterThanOrEqual(2);
    for (const e of EMOJIS) expect([...e.label].length).toBeLessThanOrEqual(3);
    expect(new Set(EMOJIS.map((e) => e.token)).size).toBe(120);
    expect(new Set(EMOJIS.map((e) => e.src)).size).toBe(120);
  });

  it('splits text into runs and known tokens, in order', () => {
    const parts = parseEmojiText('你好[微笑]今天[快哭了][购物车]!');
    expect(parts.map((p) => (p.kind === 'text' ? p.text : p.emoji.token))).toEqual([
      '你好',
      '[微笑]',
      '今天',
      '[快哭了]',
      '[购物车]',
      '!',
    ]);
    expect(parts[1]).toMatchObject({ kind: 'emoji', emoji: { src: '/emoji/ee_1.svg' } });
  });

  it('keeps unknown, too short and too long bracket tokens as text', () => {
    for (const text of ['[abc]', '[一]', '[一二三四]', '[微笑', '微笑]', '[]', '[[微笑]]x']) {
      const parts = parseEmojiText(text);
      const joined = parts.map((p) => (p.kind === 'text' ? p.text : p.emoji.token)).join('');
      expect(joined).toBe(text);
    }
    expect(parseEmojiText('[abc]')).toEqual([{ kind: 'text', text: '[abc]' }]);
    expect(parseEmojiText('[[微笑]]').filter((p) => p.kind === 'emoji')).toHaveLength(1);
    expect(parseEmojiText('')).toEqual([]);
  });

  it('backspace removes a whole trailing token, else one character', () => {
    expect(backspaceEmojiText('好[微笑]')).toBe('好');
    expect(backspaceEmojiText('好[abc]')).toBe('好[abc');
    expect(backspaceEmojiText('你好')).toBe('你');
    expect(backspaceEmojiText('')).toBe('');
  });
});
