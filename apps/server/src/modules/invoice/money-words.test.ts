import { describe, expect, it } from 'vitest';
import { amountInWords } from './money-words.ts';

describe('amountInWords', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [10, '壹角整'],
    [100, '壹元整'],
    [12300, '壹佰贰拾叁元整'],
    [12345, '壹佰贰拾叁元肆角伍分'],
    [10005, '壹佰元零伍分'],
    [100000, '壹仟元整'],
    [100100, '壹仟零壹元整'],
    [1000000, '壹万元整'],
    [100010000, '壹佰万零壹佰元整'],
    [1000100, '壹万零壹元整'],
    [10000000000, '壹亿元整'],
    [10001000000, '壹亿零壹万元整'],
    [98765432, '玖拾捌万柒仟陆佰伍拾肆元叁角贰分'],
  ])('%i fen → %s', (fen, words) => {
    expect(amountInWords(fen)).toBe(words);
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
