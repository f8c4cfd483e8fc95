import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';

/** A link inside the app is a hash-router path, e.g. /pages/homeClassify/homeClassify?id=3. */
export const Banner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
});
export type Banner = Static<typeof Banner>;

export const MenuEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  link: Type.String(),
});
export type MenuEntry = Static<typeof MenuEntry>;

export const CategoryLeaf = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
});
export const CategoryNode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  children: Type.Array(CategoryLeaf),
});
export type CategoryNode = Static<typeof CategoryNode>;

/** Prices are integer fen. */
export const ProductCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  price: Type.Integer(),
  originPrice: Type.Integer(),
  sales: Type.Integer(),
  storeId: Type.Integer(),
  storeName: Type.String(),
});
export type ProductCard = Static<typeof ProductCard>;

export const PRODUCT_SORTS = ['default', 'sales', 'priceAsc', 'priceDesc', 'new'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The list sorts; one enum keyword validates faster than a union of literals. */
export const SortParam = Type.Optional(
  Type.Enum([...PRODUCT_SORTS], { default: 'default', errorId: 'INVALID_PARAM' }),
);

export const ProductListQuery = PagedQuery({
  /** A first- or second-level category; a first-level one includes its children. */
  categoryId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' }),
  ),
  sort: SortParam,
});
export type ProductListQuery = Static<typeof ProductListQuery>;

/** One line of the home barrage: a recent real purchase, the buyer's nickname masked. */
export const BarrageItem = Type.Object({
  text: Type.String(),
  avatar: Type.String(),
});
export type BarrageItem = Static<typeof BarrageItem>;

/** Home badges: unread messages (system and order) and the cart's item count (0 when signed out). */
export const UnreadAndCartCount = Type.Object({
  unread: Type.Integer(),
  cartCount: Type.Integer(),
});
export type UnreadAndCartCount = Static<typeof UnreadAndCartCount>;

/** A home activity button (a card under the menu); `link` is an in-app path. */
export const HomeActivity = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  image: Type.String(),
  link: Type.String(),
});
export type HomeActivity = Static<typeof HomeActivity>;

/** Who a home popup is for: everyone, or only buyers who have never paid for an order (新人专享). */
export const POPUP_AUDIENCES = ['all', 'new'] as const;
export type PopupAudience = (typeof POPUP_AUDIENCES)[number];

/**
 * The home popup live now for this viewer; null when none is. A 'new' popup is answered only to
 * logged-out viewers and to users who have never paid for an order; the app shows a popup at
 * most once a day, and never again once it was closed.
 */
export const HomePopup = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  audience: Type.Union([Type.Literal('all'), Type.Literal('new')]),
});
export type HomePopup = Static<typeof HomePopup>;
