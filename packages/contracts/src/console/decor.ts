// Console schemas of the home page's decor: banners, menu entries, activity buttons, the popup.
import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { Page } from '../envelope.ts';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const Text = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, errorId: 'DECOR_INVALID' });
/** A page of the app ("/pages/…", "#/…") or a web address; never a script. */
const Link = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^(/|#/|https?://)[^\\s]*$',
  errorId: 'DECOR_LINK_INVALID',
});
const Image = Text(512);
const Enabled = Type.Boolean({ errorId: 'DECOR_INVALID' });

export const DECOR_KINDS = ['banner', 'menu', 'activity', 'popup'] as const;
export type DecorKind = (typeof DECOR_KINDS)[number];

/** 首页轮播图 */
export const BannerAdmin = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type BannerAdmin = Static<typeof BannerAdmin>;
export const BannerSaveBody = Type.Object({
  id: Type.Optional(Id('BANNER_NOT_FOUND')),
  title: Text(60),
  image: Image,
  link: Link,
  enabled: Type.Optional(Enabled),
});
export type BannerSaveBody = Static<typeof BannerSaveBody>;

/** 首页金刚区菜单 */
export const MenuAdmin = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type MenuAdmin = Static<typeof MenuAdmin>;
export const MenuSaveBody = Type.Object({
  id: Type.Optional(Id('MENU_ENTRY_NOT_FOUND')),
  name: Text(20),
  icon: Image,
  link: Link,
  enabled: Type.Optional(Enabled),
});
export type MenuSaveBody = Static<typeof MenuSaveBody>;

/** 首页活动按钮 */
export const ActivityAdmin = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  image: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type ActivityAdmin = Static<typeof ActivityAdmin>;
export const ActivitySaveBody = Type.Object({
  id: Type.Optional(Id('ACTIVITY_NOT_FOUND')),
  title: Text(20),
  subtitle: Type.Optional(Type.String({ maxLength: 40, errorId: 'DECOR_INVALID' })),
  image: Image,
  link: Link,
  enabled: Type.Optional(Enabled),
});
export type ActivitySaveBody = Static<typeof ActivitySaveBody>;

const Audience = Type.Union([Type.Literal('all'), Type.Literal('new')], {
  errorId: 'DECOR_INVALID',
});
const Time = Type.String({ format: 'date-time', errorId: 'POPUP_TIME_INVALID' });

/** 首页弹窗: the enabled one whose window holds now, newest start first, is shown. */
export const PopupAdmin = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  enabled: Type.Boolean(),
  audience: Type.Union([Type.Literal('all'), Type.Literal('new')]),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** Enabled and its window holds now. */
  live: Type.Boolean(),
});
export type PopupAdmin = Static<typeof PopupAdmin>;
export const PopupSaveBody = Type.Object({
  id: Type.Optional(Id('POPUP_NOT_FOUND')),
  title: Text(60),
  image: Image,
  link: Link,
  audience: Type.Optional(Audience),
  startsAt: Time,
  endsAt: Time,
  enabled: Type.Optional(Enabled),
});
export type PopupSaveBody = Static<typeof PopupSaveBody>;

export const BannerAdminPage = Page(BannerAdmin);
export const MenuAdminPage = Page(MenuAdmin);
export const ActivityAdminPage = Page(ActivityAdmin);
export const PopupAdminPage = Page(PopupAdmin);

/** `delete` of any decor kind (the 404 id is the kind's own). */
export const DecorIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type DecorIdBody = Static<typeof DecorIdBody>;
export const DecorEnableBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  enabled: Enabled,
});
export type DecorEnableBody = Static<typeof DecorEnableBody>;
/** Reorders a kind: every id of it, in the new order. */
export const DecorSortBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'DECOR_SORT_INVALID' }), {
    minItems: 1,
    maxItems: 200,
    errorId: 'DECOR_SORT_INVALID',
  }),
});
export type DecorSortBody = Static<typeof DecorSortBody>;
