import { describe, expect, it } from 'vitest';
import { isConstrainedConnection } from './idle.ts';

describe('isConstrainedConnection', () => {
  it.each([
    [undefined, false],
    [{ effectiveType: '4g' }, false],
    [{ effectiveType: '4g', saveData: true }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: 'slow-2g' }, true],
  ])('%j → %s', (connection, expected) => {
    expect(isConstrainedConnection(connection)).toBe(expected);
  });
});
