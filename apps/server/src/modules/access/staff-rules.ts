import {
  ALL,
  holds,
  isPermission,
  ROLE_DEFAULTS,
  STAFF_ROLES,
  STORE_PERMISSIONS,
  type StaffRole,
} from '@chaopin/contracts';
import type { StaffGrant } from '../../platform/console-gate.ts';
import { AppError } from '../../platform/errors.ts';

export interface StaffChange {
  role: StaffRole;
  storeId: number | null;
  permissions?: readonly string[];
}

/** A store role's permissions as stored: a 店员's chosen list, or null for the role's defaults. */
export function storedPermissions(change: StaffChange): string[] | null {
  if (change.role !== 'staff' || !change.permissions) return null;
  return [...new Set(change.permissions)].sort();
}

/** What a store member holds: their chosen list (店员) or their role's defaults. */
export function effectivePermissions(role: StaffRole, chosen: readonly string[] | null): string[] {
  return [...(role === 'staff' && chosen ? chosen : ROLE_DEFAULTS[role])];
}

/**
 * Whether `actor` may make (or change someone into) `change`. The operator makes any role;
 * a store's 商家 (staff.write) makes 店员 and 客服 of their own store only, granting at most
 * what they hold themselves; nobody grants a permission outside the catalogue, and a store
 * role's list never leaves STORE_PERMISSIONS.
 */
export function checkStaffChange(actor: StaffGrant, change: StaffChange): void {
  if (!Object.hasOwn(STAFF_ROLES, change.role)) throw new AppError('STAFF_ROLE_INVALID');
  if (change.role === 'operator') {
    if (actor.storeIds !== null) throw new AppError('FORBIDDEN');
    return;
  }
  if (change.storeId == null) throw new AppError('STAFF_STORE_REQUIRED');
  if (actor.storeIds !== null) {
    if (!actor.storeIds.includes(change.storeId)) throw new AppError('STORE_NOT_FOUND');
    if (change.role === 'owner') throw new AppError('FORBIDDEN');
  }
  for (const p of change.permissions ?? []) {
    if (p === ALL || !isPermission(p) || !STORE_PERMISSIONS.includes(p)) {
      throw new AppError('STAFF_PERMISSION_INVALID');
    }
    if (!holds(actor.permissions, p)) throw new AppError('STAFF_PERMISSION_INVALID');
  }
}
