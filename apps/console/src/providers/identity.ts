import type { ConsoleMe } from '@chaopin/contracts';

/** Who is signed in to the console: the answer of `GET admin/me`. */
export type ConsoleIdentity = ConsoleMe;
export type ConsoleRole = ConsoleMe['role'];

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
