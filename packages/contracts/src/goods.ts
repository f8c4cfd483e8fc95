// Request and response schemas of the goods, search, store, collection, browse and focus routes.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { ProductCard, SortParam } from './home.ts';

export const KEYWORD_MAX = 30;
export const SEARCH_HISTORY_MAX = 20;
export const SEARCH_HOT_MAX = 10;
export const SEARCH_SUGGEST_MAX = 10;
/** Shown as hot searches before anyone has searched. */
export const SEARCH_HOT_FALLBACK = ['连衣裙', '牛仔裤', '面膜', '零食', '耳机', '运动鞋'];

const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });
export const ProductIdQuery = Type.Object({ id: Id() });
export type ProductIdQuery = Static<typeof ProductIdQuery>;

/** Store score is in tenths: 48 shows as 4.8. */
export const StoreCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  score: Type.Integer(),
  productCount: Type.Integer(),
});
export type StoreCard = Static<typeof StoreCard>;

export const SkuView = Type.Object({
  id: Type.Integer(),
  /** Spec values joined in axis order, e.g. "红色 / M". */
  name: Type.String(),
  specs: Type.Record(Type.String(), Type.String()),
  price: Type.Integer(),
  originPrice: Type.Integer(),
  stock: Type.Integer(),
  image: Type.String(),
});
export type SkuView = Static<typeof SkuView>;

/** One axis of the SKU picker, e.g. {name: '颜色', values: ['红色', '黑色']}, in display order. */
export const SpecAxis = Type.Object({ name: Type.String(), values: Type.Array(Type.String()) });
export type SpecAxis = Static<typeof SpecAxis>;

export const EvaluationSummary = Type.Object({
  count: Type.Integer(),
  /** Percent of good evaluations, 0-100; 100 while there are none. */
  goodRate: Type.Integer(),
});

export const ProductDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  mainImage: Type.String(),
  images: Type.Array(Type.String()),
  video: Type.Union([Type.String(), Type.Null()]),
  detail: Type.String(),
  price: Type.Integer(),
  originPrice: Type.Integer(),
  sales: Type.Integer(),
  /** 处方药: the buy button still works; placing the order needs a valid prescription. */
  rx: Type.Boolean(),
  stock: Type.Integer(),
  store: StoreCard,
  skus: Type.Array(SkuView),
  specAxes: Type.Array(SpecAxis),
  evaluation: EvaluationSummary,
  isCollected: Type.Boolean(),
});
export type ProductDetail = Static<typeof ProductDetail>;

/** Trimmed and checked for 1-30 characters by the server. */
const Keyword = Type.String({ maxLength: 200, errorId: 'KEYWORD_INVALID' });

export const SearchGoodsQuery = PagedQuery({ keyword: Keyword, sort: SortParam });
export type SearchGoodsQuery = Static<typeof SearchGoodsQuery>;

export const SuggestQuery = Type.Object({ keyword: Keyword });
export type SuggestQuery = Static<typeof SuggestQuery>;

export const StoreIdQuery = Type.Object({ id: Id() });
export type StoreIdQuery = Static<typeof StoreIdQuery>;

export const StoreDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  description: Type.String(),
  score: Type.Integer(),
  productCount: Type.Integer(),
  followerCount: Type.Integer(),
  isFollowed: Type.Boolean(),
  /** When the store opened (ISO timestamp). */
  openedAt: Type.String(),
});
export type StoreDetail = Static<typeof StoreDetail>;

/** The store's business licence: an image the server generates once per store. */
export const StoreLicense = Type.Object({
  storeId: Type.Integer(),
  companyName: Type.String(),
  /** 18-character unified social credit code (GB 32100 check character). */
  creditCode: Type.String(),
  image: Type.String(),
});
export type StoreLicense = Static<typeof StoreLicense>;

export const StoreGoodsQuery = PagedQuery({ storeId: Id(), sort: SortParam });
export type StoreGoodsQuery = Static<typeof StoreGoodsQuery>;

/** A list of ids: "1,2,3" (what a form sends) or a JSON array; at most 100. */
export const IdList = Type.Union(
  [
    Type.String({ pattern: '^\\s*\\d{1,10}(\\s*,\\s*\\d{1,10}){0,99}\\s*$' }),
    Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { minItems: 1, maxItems: 100 }),
  ],
  { errorId: 'IDS_INVALID' },
);
export type IdList = Static<typeof IdList>;

export const CollectionAddBody = Type.Object({ productId: Id() });
export type CollectionAddBody = Static<typeof CollectionAddBody>;
export const CollectionRemoveBody = Type.Object({ productIds: IdList });
export type CollectionRemoveBody = Static<typeof CollectionRemoveBody>;

/** A product the user kept; `invalid` when it has gone off shelf since. */
export const CollectedProduct = Type.Object({
  ...ProductCard.properties,
  invalid: Type.Boolean(),
  collectedAt: Type.String(),
});
export type CollectedProduct = Static<typeof CollectedProduct>;

export const FootprintItem = Type.Object({
  ...ProductCard.properties,
  /** The footprint's own id, for browse/delete. */
  footprintId: Type.Integer(),
  invalid: Type.Boolean(),
  viewedAt: Type.String(),
});
export type FootprintItem = Static<typeof FootprintItem>;
/** A page of footprints grouped by China calendar day, newest first; `total` counts footprints. */
export const FootprintDay = Type.Object({ date: Type.String(), items: Type.Array(FootprintItem) });
export type FootprintDay = Static<typeof FootprintDay>;
export const BrowseDeleteBody = Type.Object({ ids: IdList });
export type BrowseDeleteBody = Static<typeof BrowseDeleteBody>;

export const FocusBody = Type.Object({ storeId: Id() });
export type FocusBody = Static<typeof FocusBody>;
export const FollowedStore = Type.Object({
  ...StoreCard.properties,
  followerCount: Type.Integer(),
  followedAt: Type.String(),
});
export type FollowedStore = Static<typeof FollowedStore>;

export const ChangedCount = Type.Object({ count: Type.Integer() });
export type ChangedCount = Static<typeof ChangedCount>;

export const ShareData = Type.Object({
  /** Path of the short link, e.g. /s/Ab3xY9; GET on it redirects to the product page. */
  shortUrl: Type.String(),
  /** URL of a 750×1100 PNG poster with the product and a QR code of the short link. */
  poster: Type.String(),
});
export type ShareData = Static<typeof ShareData>;

export const EvaluationQuery = PagedQuery({ productId: Id() });
export type EvaluationQuery = Static<typeof EvaluationQuery>;

/** One evaluation of a product; an anonymous one shows a masked nickname and the default avatar. */
export const EvaluationView = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  stars: Type.Integer(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type EvaluationView = Static<typeof EvaluationView>;
