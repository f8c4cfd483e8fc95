import { describe, expect, it } from 'vitest';
import { waited } from './alerts.ts';

describe('waited', () => {
  it('reads as seconds, minutes and hours', () => {
    expect(waited(0)).toBe('0秒');
    expect(waited(59.9)).toBe('59秒');
    expect(waited(192)).toBe('3分12秒');
    expect(waited(3600 + 5 * 60 + 7)).toBe('1小时05分');
    expect(waited(-3)).toBe('0秒');
  });
});
