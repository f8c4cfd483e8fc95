import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('auditDiff', () => {
  it('lists only the fields that changed, as [before, after]', () => {
    expect(
      auditDiff({ title: 'a', price: 100, stock: 5 }, { title: 'a', price: 90, stock: 5 }),
    ).toEqual({
      price: [100, 90],
    });
  });

  it('follows nested objects as dotted paths and compares arrays whole', () => {
    expect(
      auditDiff(
        { address: { city: '杭州', street: 'x' }, images: ['a', 'b'] },
        { address: { city: '上海', street: 'x' }, images: ['b', 'a'] },
      ),
    ).toEqual({
      'address.city': ['杭州', '上海'],
      images: [
        ['a', 'b'],
        ['b', 'a'],
      ],
    });
  });

  it('a created row shows every field from null, a deleted one every field to null', () => {
    expect(auditDiff(null, { id: 3, name: 'n' })).toEqual({ id: [null, 3], name: [null, 'n'] });
    expect(auditDiff({ id: 3 }, null)).toEqual({ id: [3, null] });
  });

  it('an added or removed key counts, undefined and null are the same', () => {
    expect(auditDiff({ a: 1 }, { a: 1, b: 2 })).toEqual({ b: [null, 2] });
    expect(auditDiff({ a: undefined }, { a: null })).toEqual({});
  });

  it('scalars diff as value', () => {
    expect(auditDiff(1, 2)).toEqual({ value: [1, 2] });
    expect(auditDiff('x', 'x')).toEqual({});
  });
});
