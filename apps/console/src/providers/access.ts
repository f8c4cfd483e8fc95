import type { AccessControlProvider } from '@refinedev/core';
import { allows, permissionActionOf } from './identity.ts';

/**
 * The permission keys that open a refine resource: a page's own key, or for a menu group the keys of
 * its pages (a group shows when any of its pages may be read). Undefined: not a console resource.
 */
export type PermissionKeysOf = (resource: string) => readonly string[] | undefined;

/**
 * Allows a resource action when the signed-in user's permissions hold `<key>.<read|write>` for it
 * (`*`: all). The menu hides what is not allowed; buttons a user may not press are hidden too. The
 * server checks every route again: this only keeps the screen honest.
 */
export function createAccessControl(
  permissions: () => Promise<readonly string[]>,
  keysOf: PermissionKeysOf,
): AccessControlProvider {
  return {
    async can({ resource, action }) {
      if (!resource) return { can: true };
      const keys = keysOf(resource);
      if (!keys) return { can: false, reason: '未知的页面' };
      const held = await permissions();
      const wanted = permissionActionOf(action);
      const can = keys.some((key) => allows(held, key, wanted));
      return can ? { can } : { can, reason: '没有权限' };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      queryOptions: { staleTime: 60_000 },
    },
  };
}
