import { ROLE_DEFAULTS } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import type { StaffGrant } from '../../platform/console-gate.ts';
import { checkStaffChange, effectivePermissions, storedPermissions } from './staff-rules.ts';

const operator: StaffGrant = { role: 'operator', storeIds: null, permissions: new Set(['*']) };
const owner: StaffGrant = {
  role: 'owner',
  storeIds: [7],
  permissions: new Set(ROLE_DEFAULTS.owner),
};
const error = (f: () => void) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return (e as { id: string }).id;
  }
};

describe('who may make whom a console user', () => {
  it('the operator makes any role, a store role needs a store', () => {
    expect(error(() => checkStaffChange(operator, { role: 'operator', storeId: null }))).toBe('ok');
    expect(error(() => checkStaffChange(operator, { role: 'owner', storeId: 3 }))).toBe('ok');
    expect(error(() => checkStaffChange(operator, { role: 'agent', storeId: null }))).toBe(
      'STAFF_STORE_REQUIRED',
    );
  });

  it('a 商家 makes 店员 and 客服 of their own store, never an owner, operator or another store', () => {
    expect(error(() => checkStaffChange(owner, { role: 'staff', storeId: 7 }))).toBe('ok');
    expect(error(() => checkStaffChange(owner, { role: 'agent', storeId: 7 }))).toBe('ok');
    expect(error(() => checkStaffChange(owner, { role: 'owner', storeId: 7 }))).toBe('FORBIDDEN');
    expect(error(() => checkStaffChange(owner, { role: 'operator', storeId: null }))).toBe(
      'FORBIDDEN',
    );
    expect(error(() => checkStaffChange(owner, { role: 'staff', storeId: 8 }))).toBe(
      'STORE_NOT_FOUND',
    );
  });

  it('grants only catalogue permissions a store may hold and the granter holds', () => {
    const staff = (permissions: string[]) => ({ role: 'staff' as const, storeId: 7, permissions });
    expect(error(() => checkStaffChange(owner, staff(['order.read', 'order.write'])))).toBe('ok');
    for (const bad of [['*'], ['user.pii'], ['finance.write'], ['nope.read']]) {
      expect(error(() => checkStaffChange(owner, staff(bad)))).toBe('STAFF_PERMISSION_INVALID');
      expect(error(() => checkStaffChange(operator, staff(bad)))).toBe('STAFF_PERMISSION_INVALID');
    }
    const narrow: StaffGrant = { ...owner, permissions: new Set(['staff.write', 'order.read']) };
    expect(error(() => checkStaffChange(narrow, staff(['order.write'])))).toBe(
      'STAFF_PERMISSION_INVALID',
    );
  });

  it('only a 店员 keeps a chosen list; others hold their role defaults', () => {
    expect(
      storedPermissions({ role: 'staff', storeId: 7, permissions: ['b.read', 'a.read', 'a.read'] }),
    ).toEqual(['a.read', 'b.read']);
    expect(
      storedPermissions({ role: 'agent', storeId: 7, permissions: ['order.read'] }),
    ).toBeNull();
    expect(effectivePermissions('agent', ['product.write'])).toEqual([...ROLE_DEFAULTS.agent]);
    expect(effectivePermissions('staff', ['order.read'])).toEqual(['order.read']);
    expect(effectivePermissions('staff', null)).toEqual([...ROLE_DEFAULTS.staff]);
  });
});
