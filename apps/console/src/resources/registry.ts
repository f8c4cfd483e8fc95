import type { ResourceProps } from '@refinedev/core';
import { createElement } from 'react';
import type { PermissionKeysOf } from '../providers/access.ts';
import { allows } from '../providers/identity.ts';
import { RESOURCES } from './index.ts';
import { SECTIONS, sectionResource } from './sections.ts';
import { type ConsoleResource, PAGE_PATHS, type PageKind } from './types.ts';

const PAGE_KINDS = Object.keys(PAGE_PATHS) as PageKind[];

export function pagePath(resource: ConsoleResource, kind: PageKind): string {
  return `/${resource.name}${PAGE_PATHS[kind]}`;
}

/**
 * refine's resources, in menu order: each section that has resources is a menu group (its pages
 * under it), or, when flat, its one page at the top level.
 */
export function refineResources(resources = RESOURCES): ResourceProps[] {
  const out: ResourceProps[] = [];
  for (const section of SECTIONS) {
    const members = resources.filter((r) => r.section === section.key);
    if (!members.length) continue;
    const grouped = !section.flat || members.length > 1;
    if (grouped) {
      out.push({
        name: sectionResource(section.key),
        meta: { label: section.label, icon: createElement(section.icon) },
      });
    }
    for (const resource of members) {
      const routes: Partial<Record<PageKind, string>> = {};
      for (const kind of PAGE_KINDS)
        if (resource.pages[kind]) routes[kind] = pagePath(resource, kind);
      out.push({
        name: resource.name,
        ...routes,
        meta: {
          label: resource.label,
          icon: createElement(resource.icon),
          ...(grouped ? { parent: sectionResource(section.key) } : {}),
          ...(resource.api ? { api: resource.api } : {}),
          permission: resource.permission,
        },
      });
    }
  }
  return out;
}

/** The permission keys of a resource, or of a section's resources (access.ts). */
export const permissionKeysOf: PermissionKeysOf = (name) => {
  const own = RESOURCES.find((r) => r.name === name);
  if (own) return [own.permission];
  const section = SECTIONS.find((s) => sectionResource(s.key) === name);
  return section
    ? RESOURCES.filter((r) => r.section === section.key).map((r) => r.permission)
    : undefined;
};

/** The first page in menu order the user may read: where `#/` leads after login. */
export function firstReadable(permissions: readonly string[]): string | null {
  for (const section of SECTIONS) {
    for (const resource of RESOURCES) {
      if (resource.section !== section.key || !resource.pages.list) continue;
      if (allows(permissions, resource.permission, 'read')) return pagePath(resource, 'list');
    }
  }
  return null;
}

/** The registry entry of a resource name (its pages use it for their title and id field). */
export function resourceOf(name: string): ConsoleResource | undefined {
  return RESOURCES.find((r) => r.name === name);
}
