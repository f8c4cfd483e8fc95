import { describe, expect, it } from 'vitest';
import { formatLeft, idParam, yuanToFen } from './api.ts';

describe('game helpers', () => {
  it('reads typed yuan as fen, refusing zero, negatives and more than 2 decimals', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('99')).toBe(9900);
    for (const bad of ['0', '-1', '1.234', 'abc', '', '1e5']) expect(yuanToFen(bad)).toBeNull();
  });
  it('formats the countdown and reads ids', () => {
    expect(formatLeft(90_061_000)).toBe('1天 01:01:01');
    expect(formatLeft(-5)).toBe('00:00:00');
    expect(idParam(new URLSearchParams('id=7'))).toBe(7);
    expect(idParam(new URLSearchParams('id=x'))).toBeNull();
  });
});
