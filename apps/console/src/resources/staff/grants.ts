import {
  type ConsoleMe,
  holds,
  ROLE_DEFAULTS,
  STAFF_ROLES,
  STORE_PERMISSIONS,
  type StaffRole,
} from '@chaopin/contracts';

export type StoreRole = Exclude<StaffRole, 'operator'>;
type Me = Pick<ConsoleMe, 'userId' | 'storeIds' | 'permissions'>;

/** The roles the signed-in user may give: the operator 商家/店员/客服, a store only 店员/客服. */
export function rolesFor(me: Me): { value: StoreRole; label: string }[] {
  const roles: StoreRole[] =
    me.storeIds === null ? ['owner', 'staff', 'agent'] : ['staff', 'agent'];
  return roles.map((value) => ({ value, label: STAFF_ROLES[value] }));
}

/**
 * The permissions a 店员 may be given by the signed-in user: a store's permissions (the catalogue
 * of admin/role/list, in its order) that the user holds themselves.
 */
export function grantable(
  catalogue: readonly { code: string; name: string }[],
  me: Me,
): { code: string; name: string }[] {
  const store = new Set<string>(STORE_PERMISSIONS);
  return catalogue.filter((p) => store.has(p.code) && holds(me.permissions, p.code));
}

/** A new 店员's ticked permissions: the role's defaults the user may give. */
export function defaultGrant(options: readonly { code: string }[]): string[] {
  const codes = new Set(options.map((o) => o.code));
  return ROLE_DEFAULTS.staff.filter((p) => codes.has(p));
}

/** Whether the user may change or remove a member (not themselves; a store never its 商家). */
export function canManage(me: Me, row: { userId: number; role: StaffRole }): boolean {
  if (row.userId === me.userId) return false;
  return me.storeIds === null || row.role !== 'owner';
}
