// Console schemas of the catalogue: products with their SKUs, shelf and stock, categories.
import { type Static, type TSchema, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const Text = (max: number, errorId = 'PRODUCT_INVALID') =>
  Type.String({ minLength: 1, maxLength: max, errorId });
const Fen = Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'PRODUCT_INVALID' });
const Stock = Type.Integer({ minimum: 0, maximum: 10_000_000, errorId: 'PRODUCT_INVALID' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

// ---- products -----------------------------------------------------------------------------

export const SkuInput = Type.Object({
  id: Type.Optional(Id('SKU_NOT_FOUND')),
  /** "黑色 / M": the spec values in axis order, joined by " / " (the app orders its axes by it). */
  name: Text(120),
  specs: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: 40, errorId: 'PRODUCT_INVALID' }), {
      maxProperties: 5,
      errorId: 'PRODUCT_INVALID',
    }),
  ),
  price: Fen,
  originPrice: Fen,
  stock: Stock,
  image: Text(512),
  /** 包邮; left out on an edit: unchanged (new SKUs: false). */
  freeShipping: Type.Optional(Type.Boolean({ errorId: 'PRODUCT_INVALID' })),
});
export type SkuInput = Static<typeof SkuInput>;

/**
 * `POST admin/product/save`: a new product (no `id`) or an edit. SKUs with an id are updated,
 * others added; SKUs left out keep their rows (orders name them) with their stock at 0. The
 * description is rich HTML, sanitised by the server. A 商家 saves only in their own store.
 */
export const ProductSaveBody = Type.Object({
  id: Type.Optional(Id('PRODUCT_NOT_FOUND')),
  storeId: Id('STORE_NOT_FOUND'),
  categoryId: Id('CATEGORY_NOT_FOUND'),
  title: Text(120),
  subtitle: Type.Optional(Type.String({ maxLength: 200, errorId: 'PRODUCT_INVALID' })),
  mainImage: Text(512),
  /** The gallery in display order (left out: the main image alone). */
  images: Type.Optional(Type.Array(Text(512), { maxItems: 20, errorId: 'PRODUCT_INVALID' })),
  /** An uploaded video's URL; null removes it; left out on an edit: unchanged. */
  video: Type.Optional(Nullable(Text(512))),
  originPrice: Fen,
  detail: Type.Optional(Type.String({ maxLength: 20_000, errorId: 'PRODUCT_INVALID' })),
  skus: Type.Array(SkuInput, { minItems: 1, maxItems: 100, errorId: 'PRODUCT_INVALID' }),
});
export type ProductSaveBody = Static<typeof ProductSaveBody>;
export const ProductSaveData = Type.Object({
  id: Type.Integer(),
  skuIds: Type.Array(Type.Integer()),
});
export type ProductSaveData = Static<typeof ProductSaveData>;

export const ShelfBody = Type.Object({
  id: Id('PRODUCT_NOT_FOUND'),
  on: Type.Boolean({ errorId: 'INVALID_PARAM' }),
});
export type ShelfBody = Static<typeof ShelfBody>;

/** Bulk 上架/下架: all or nothing (an id out of reach refuses the whole batch). */
export const ShelfBatchBody = Type.Object({
  ids: Type.Array(Id('PRODUCT_NOT_FOUND'), {
    minItems: 1,
    maxItems: 100,
    errorId: 'INVALID_PARAM',
  }),
  on: Type.Boolean({ errorId: 'INVALID_PARAM' }),
});
export type ShelfBatchBody = Static<typeof ShelfBatchBody>;
export const ShelfBatchData = Type.Object({ changed: Type.Integer() });

export const SkuStockBody = Type.Object({ skuId: Id('SKU_NOT_FOUND'), stock: Stock });
export type SkuStockBody = Static<typeof SkuStockBody>;

export const PRODUCT_ADMIN_SORTS = [
  'id',
  'price',
  'sales',
  'stock',
  'createdAt',
  'updatedAt',
] as const;
export type ProductAdminSort = (typeof PRODUCT_ADMIN_SORTS)[number];
const Literals = <T extends readonly string[]>(values: T, errorId: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { errorId },
  );

/** `GET admin/product/list`: the console's product list (a 商家 sees their store only). */
export const ProductAdminQuery = PagedQuery({
  sort: Type.Optional(Literals(PRODUCT_ADMIN_SORTS, 'PRODUCT_QUERY_INVALID')),
  order: Type.Optional(Literals(['asc', 'desc'] as const, 'PRODUCT_QUERY_INVALID')),
  /** Part of the title, or a product id. */
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'PRODUCT_QUERY_INVALID' })),
  storeId: Type.Optional(Id('STORE_NOT_FOUND')),
  /** A first-level category includes its children. */
  categoryId: Type.Optional(Id('CATEGORY_NOT_FOUND')),
  status: Type.Optional(Literals(['on', 'off'] as const, 'PRODUCT_QUERY_INVALID')),
  /** 'any': some SKU has no stock left; 'all': no SKU has any. */
  stockOut: Type.Optional(Literals(['any', 'all'] as const, 'PRODUCT_QUERY_INVALID')),
  rx: Type.Optional(Type.Boolean({ errorId: 'PRODUCT_QUERY_INVALID' })),
});
export type ProductAdminQuery = Static<typeof ProductAdminQuery>;

const ShelfState = Type.Union([Type.Literal('on'), Type.Literal('off')]);

export const ProductAdminRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  mainImage: Type.String(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** The SKUs' lowest and highest price, fen. */
  minPrice: Type.Integer(),
  maxPrice: Type.Integer(),
  /** Units left over all SKUs. */
  stock: Type.Integer(),
  /** SKUs with no stock left. */
  soldOutSkus: Type.Integer(),
  skuCount: Type.Integer(),
  sales: Type.Integer(),
  status: ShelfState,
  rx: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ProductAdminRow = Static<typeof ProductAdminRow>;
export const ProductAdminPage = Page(ProductAdminRow);

export const ProductAdminIdQuery = Type.Object({ id: Id('PRODUCT_NOT_FOUND') });

export const SkuAdminView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  specs: Type.Record(Type.String(), Type.String()),
  price: Type.Integer(),
  originPrice: Type.Integer(),
  stock: Type.Integer(),
  image: Type.String(),
  freeShipping: Type.Boolean(),
});
export type SkuAdminView = Static<typeof SkuAdminView>;

/** `GET admin/product/detail`: every field the edit form shows. */
export const ProductAdminDetail = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** The first-level category (the form's cascader starts there). */
  topCategoryId: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  mainImage: Type.String(),
  images: Type.Array(Type.String()),
  video: Nullable(Type.String()),
  detail: Type.String(),
  price: Type.Integer(),
  originPrice: Type.Integer(),
  sales: Type.Integer(),
  status: ShelfState,
  rx: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  skus: Type.Array(SkuAdminView),
});
export type ProductAdminDetail = Static<typeof ProductAdminDetail>;

/** `GET admin/store/options`: the stores a console user may pick (a 商家: their own). */
export const StoreOptionsQuery = Type.Object({
  /** Part of the name, or a store id. */
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'PRODUCT_QUERY_INVALID' })),
});
export type StoreOptionsQuery = Static<typeof StoreOptionsQuery>;
export const StoreOption = Type.Object({ id: Type.Integer(), name: Type.String() });
export type StoreOption = Static<typeof StoreOption>;
export const STORE_OPTIONS_MAX = 50;

// ---- categories ---------------------------------------------------------------------------

export const CATEGORY_NAME_MAX = 10;

const CategoryLeafAdmin = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  icon: Type.String(),
  sort: Type.Integer(),
  /** Products filed under it (any shelf state); a first-level one counts its children's too. */
  productCount: Type.Integer(),
});
export const CategoryAdminNode = Type.Object({
  ...CategoryLeafAdmin.properties,
  children: Type.Array(CategoryLeafAdmin),
});
export type CategoryAdminNode = Static<typeof CategoryAdminNode>;
/** The whole two-level tree as one page (first-level nodes, in display order). */
export const CategoryAdminPage = Page(CategoryAdminNode);

export const CategorySaveBody = Type.Object({
  id: Type.Optional(Id('CATEGORY_NOT_FOUND')),
  /** A first-level category's id, or null / left out for a first-level one. */
  parentId: Type.Optional(Nullable(Id('CATEGORY_PARENT_INVALID'))),
  name: Type.String({
    minLength: 1,
    maxLength: CATEGORY_NAME_MAX,
    errorId: 'CATEGORY_NAME_INVALID',
  }),
  icon: Type.String({ minLength: 1, maxLength: 512, errorId: 'CATEGORY_ICON_INVALID' }),
});
export type CategorySaveBody = Static<typeof CategorySaveBody>;

/** Reorders one level: every sibling under `parentId` (null: the first level), in the new order. */
export const CategorySortBody = Type.Object({
  parentId: Nullable(Id('CATEGORY_PARENT_INVALID')),
  ids: Type.Array(Id('CATEGORY_SORT_INVALID'), {
    minItems: 1,
    maxItems: 200,
    errorId: 'CATEGORY_SORT_INVALID',
  }),
});
export type CategorySortBody = Static<typeof CategorySortBody>;

export const CategoryIdBody = Type.Object({ id: Id('CATEGORY_NOT_FOUND') });
export type CategoryIdBody = Static<typeof CategoryIdBody>;

export const IdData = Type.Object({ id: Type.Integer() });
