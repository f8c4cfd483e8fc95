/** Who is signed in to the console: the answer of `GET admin/me`. */
export type ConsoleRole = 'operator' | 'owner' | 'staff' | 'agent';

export interface ConsoleIdentity {
  userId: number;
  nickname: string;
  phone: string;
  role: ConsoleRole;
  /** The role as the operator named it (平台运营, 店长, 客服…). */
  roleName: string;
  /** The store a merchant's people work for; null for the platform's operators. */
  storeId: number | null;
  storeName: string | null;
  /** `<resource>.read` / `<resource>.write`; `*` is every permission (the platform operator). */
  permissions: string[];
}

export type PermissionAction = 'read' | 'write';

/** Whether the permissions allow the action on a resource's permission key (write implies read). */
export function allows(
  permissions: readonly string[],
  key: string,
  action: PermissionAction,
): boolean {
  if (permissions.includes('*')) return true;
  if (permissions.includes(`${key}.write`)) return true;
  return action === 'read' && permissions.includes(`${key}.read`);
}

/** refine's actions as ours: looking is reading, anything else (create, edit, delete, approve…) writes. */
export function permissionActionOf(action: string): PermissionAction {
  return action === 'list' || action === 'show' ? 'read' : 'write';
}
