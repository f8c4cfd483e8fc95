import { describe, expect, it } from 'vitest';
import { formatChinaTime, formatFen } from './format.ts';

describe('format', () => {
  it('prints fen as yuan', () => {
    expect(formatFen(1290)).toBe('¥12.90');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(-100)).toBe('-¥1.00');
  });
  it('prints China time whatever the zone', () => {
    expect(formatChinaTime('2026-03-06T18:05:09.000Z')).toBe('2026-03-07 02:05:09');
    expect(formatChinaTime(null)).toBe('—');
  });
});
