import { describe, expect, it } from 'vitest';
import { diffRows, fieldLabel, valueText } from './diff.ts';

describe('audit diff rows', () => {
  it('lists each changed field as before → after text', () => {
    expect(
      diffRows({
        status: ['new', 'resolved'],
        reply: [null, '已修复'],
        permissions: [['order.read'], ['order.read', 'product.read']],
      }),
    ).toEqual([
      {
        field: 'permissions',
        label: '权限',
        before: '查看订单',
        after: '查看订单、查看商品',
      },
      { field: 'reply', label: '回复', before: '—', after: '已修复' },
      { field: 'status', label: '状态', before: 'new', after: 'resolved' },
    ]);
  });
  it('names dotted paths by their last part and prints other values', () => {
    expect(fieldLabel('address.remark')).toBe('address.备注');
    expect(fieldLabel('odd')).toBe('odd');
    expect(valueText('')).toBe('（空）');
    expect(valueText([])).toBe('（无）');
    expect(valueText([{ label: 'a', value: 'b' }])).toBe('[{"label":"a","value":"b"}]');
    expect(valueText(false)).toBe('false');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
  it('names staff roles and unknown permission codes as they are', () => {
    expect(diffRows({ role: [null, 'staff'], permissions: [null, ['x.y']] })).toEqual([
      { field: 'permissions', label: '权限', before: '—', after: 'x.y' },
      { field: 'role', label: '角色', before: '—', after: '店员' },
    ]);
  });
  it('handles a pair missing its after side', () => {
    expect(diffRows({ title: ['旧'] })).toEqual([
      { field: 'title', label: '标题', before: '旧', after: '—' },
    ]);
  });
});
