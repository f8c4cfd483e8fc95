import type { ComponentType } from 'react';

/** A page module, loaded when first opened (each page is a chunk of its own). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** The sider's sections, in menu order (sections.tsx). */
export type SectionKey =
  | 'overview'
  | 'goods'
  | 'orders'
  | 'users'
  | 'content'
  | 'service'
  | 'system';

/**
 * One console resource: a menu entry and its pages. Adding one to `resources/index.ts` is all it
 * takes to get its routes, its menu item (under its section, hidden without permission) and its
 * data: the data provider reads `admin/<api ?? name>/list|detail|save|delete`.
 */
export interface ConsoleResource {
  /** refine's resource name, also its URL: `#/<name>`, `#/<name>/show/:id`… */
  name: string;
  /** The API family under `admin/` when it is not the name (售后 `aftersale` → `refund`). */
  api?: string;
  /** The menu's and the page's title. */
  label: string;
  section: SectionKey;
  /** An @ant-design/icons icon. */
  icon: ComponentType;
  /** The key of `<key>.read` / `<key>.write` in the signed-in user's permissions (admin/me). */
  permission: string;
  /** The field that identifies a row (refine's `id` unless the API names it otherwise). */
  idField?: string;
  pages: {
    list?: PageLoader;
    show?: PageLoader;
    edit?: PageLoader;
    create?: PageLoader;
  };
}

/** The route of each page kind, under the resource's name. */
export const PAGE_PATHS = {
  list: '',
  show: '/show/:id',
  edit: '/edit/:id',
  create: '/create',
} as const;

export type PageKind = keyof typeof PAGE_PATHS;
