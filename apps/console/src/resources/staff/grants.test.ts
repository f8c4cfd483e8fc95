import { describe, expect, it } from 'vitest';
import { canManage, defaultGrant, grantable, rolesFor } from './grants.ts';

const operator = { userId: 1, storeIds: null, permissions: ['*'] };
const owner = {
  userId: 2,
  storeIds: [7],
  permissions: ['order.read', 'order.write', 'product.read', 'staff.write'],
};
const CATALOGUE = [
  { code: 'dashboard.read', name: '查看经营概览' },
  { code: 'product.read', name: '查看商品' },
  { code: 'order.read', name: '查看订单' },
  { code: 'order.write', name: '发货' },
  { code: 'content.write', name: '公告' },
  { code: 'staff.read', name: '查看员工' },
];

describe('staff grants', () => {
  it('gives the operator every store role and a store 店员/客服 only', () => {
    expect(rolesFor(operator).map((r) => r.label)).toEqual(['商家', '店员', '客服']);
    expect(rolesFor(owner).map((r) => r.value)).toEqual(['staff', 'agent']);
  });
  it('offers store permissions the user holds (write implies read)', () => {
    expect(grantable(CATALOGUE, operator).map((p) => p.code)).toEqual([
      'dashboard.read',
      'product.read',
      'order.read',
      'order.write',
      'staff.read',
    ]);
    expect(grantable(CATALOGUE, owner).map((p) => p.code)).toEqual([
      'product.read',
      'order.read',
      'order.write',
      'staff.read',
    ]);
  });
  it('ticks the 店员 defaults that can be given', () => {
    expect(defaultGrant(grantable(CATALOGUE, owner))).toEqual([
      'product.read',
      'order.read',
      'order.write',
    ]);
  });
  it('never manages oneself, and a store never its 商家', () => {
    expect(canManage(operator, { userId: 1, role: 'owner' })).toBe(false);
    expect(canManage(operator, { userId: 5, role: 'owner' })).toBe(true);
    expect(canManage(owner, { userId: 5, role: 'owner' })).toBe(false);
    expect(canManage(owner, { userId: 5, role: 'staff' })).toBe(true);
  });
});
