import type { DecorKind } from '@chaopin/contracts';
import type { ApiData } from '@chaopin/core/api';
import { call } from '../../providers/http.ts';

export type BannerItem = ApiData<'admin/banner/list'>['list'][number];
export type MenuItem = ApiData<'admin/menu/list'>['list'][number];
export type ActivityItem = ApiData<'admin/activity/list'>['list'][number];
export type PopupItem = ApiData<'admin/popup/list'>['list'][number];
/** A row of any decor kind (the page knows which kind it shows). */
export type DecorItem = BannerItem | MenuItem | ActivityItem | PopupItem;

// The four kinds share one shape of routes: admin/<kind>/list|save|enable|delete|sort.
export const decorList = (kind: DecorKind) =>
  call<{ list: DecorItem[] }>('get', `admin/${kind}/list`);
export const decorSave = (kind: DecorKind, body: Record<string, unknown>) =>
  call<{ id: number }>('post', `admin/${kind}/save`, { body });
export const decorEnable = (kind: DecorKind, id: number, enabled: boolean) =>
  call<null>('post', `admin/${kind}/enable`, { body: { id, enabled } });
export const decorDelete = (kind: DecorKind, id: number) =>
  call<null>('post', `admin/${kind}/delete`, { body: { id } });
export const decorSort = (kind: Exclude<DecorKind, 'popup'>, ids: number[]) =>
  call<null>('post', `admin/${kind}/sort`, { body: { ids } });
