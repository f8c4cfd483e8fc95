// Zones (专区): operator-configured product pages with a banner and rules — help farmers, the
// 9.9 zone, specialty food, the shop mall, the national-day activity, the daily sale — and the
// new-user full refund (新人全额返), whose first eligible order comes back as a red packet.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { Page, PagedQuery } from './envelope.ts';

/** Operator defaults (env ZONE_* / NEW_USER_REFUND_*). */
export const ZONE_DEFAULTS = {
  /** Items on the daily sale (每日特卖) each China-time day, rotated through the zone's pool. */
  DAILY_SALE_SIZE: 6,
  /** The zone whose products the new-user full refund covers. */
  NEW_USER_REFUND_ZONE: 'newPeopleReturn',
} as const;

/** The keys of the zones the app's pages open (the operator may add others). */
export const ZONE_PAGE_KEYS = {
  helpFarmers: 'helpFarmers',
  sauceWine: 'sauceWine',
  newPeopleReturn: 'newPeopleReturn',
  npn: 'npn',
  specialtyFood: 'specialtyFood',
  shopMall: 'shopMall',
  nationalDay: 'nationalDay',
  dailySale: 'dailySale',
} as const;

/** normal: a product list; daily: a rotating list per China-time day; mall: with categories; newUser: the full refund's. */
export const ZONE_KINDS = ['normal', 'daily', 'mall', 'newUser'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export const ZoneKey = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$' });
const QueryKey = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$',
  errorId: 'ZONE_NOT_FOUND',
});
const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });

export const ZoneInfo = Type.Object({
  key: Type.String(),
  title: Type.String(),
  banner: Type.String(),
  rules: Type.String(),
  /** #RRGGBB of the page's header and buttons. */
  theme: Type.String(),
  kind: Type.Enum([...ZONE_KINDS]),
});
export type ZoneInfo = Static<typeof ZoneInfo>;

export const ZoneSummary = Type.Object({
  ...ZoneInfo.properties,
  itemCount: Type.Integer(),
});
export type ZoneSummary = Static<typeof ZoneSummary>;
export const ZoneList = Type.Array(ZoneSummary);
export type ZoneList = Static<typeof ZoneList>;

/** A product of a zone: what a card shows and what buying it takes (the SKU charged). */
export const ZoneProduct = Type.Object({
  productId: Type.Integer(),
  /** The SKU the zone sells (its price is what the order charges); null: the product's choice. */
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  title: Type.String(),
  image: Type.String(),
  /** Fen: the zone SKU's price, else the product's. */
  price: Type.Integer(),
  originPrice: Type.Integer(),
  sales: Type.Integer(),
  stock: Type.Integer(),
  soldOut: Type.Boolean(),
  /** The zone's badge (e.g. 助农, 9.9包邮价); empty for none. */
  label: Type.String(),
  storeName: Type.String(),
});
export type ZoneProduct = Static<typeof ZoneProduct>;

export const ZonePageQuery = PagedQuery({
  key: QueryKey,
  /** The mall's category filter (homeShopsort). */
  categoryId: Type.Optional(Id('CATEGORY_NOT_FOUND')),
});
export type ZonePageQuery = Static<typeof ZonePageQuery>;

export const ZonePage = Type.Object({
  ...Page(ZoneProduct).properties,
  zone: ZoneInfo,
  /** The daily sale: when today's list ends (the next China-time midnight); else null. */
  endsAt: Type.Union([Type.Null(), Type.String()]),
});
export type ZonePage = Static<typeof ZonePage>;

export const ZoneKeyQuery = Type.Object({ key: QueryKey });
export type ZoneKeyQuery = Static<typeof ZoneKeyQuery>;

/** A category of the mall, with how many of its products it has. */
export const ZoneCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  count: Type.Integer(),
});
export type ZoneCategory = Static<typeof ZoneCategory>;
export const ZoneCategories = Type.Object({
  zone: ZoneInfo,
  list: Type.Array(ZoneCategory),
});
export type ZoneCategories = Static<typeof ZoneCategories>;

// --- the operator ---

const Text = (max: number, min = 0) =>
  Type.String({ minLength: min, maxLength: max, errorId: 'ZONE_INVALID' });

export const AdminZoneBody = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$', errorId: 'ZONE_INVALID' }),
  title: Text(30, 1),
  banner: Text(500),
  rules: Text(2000),
  theme: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', errorId: 'ZONE_INVALID' }),
  kind: Type.Enum([...ZONE_KINDS], { errorId: 'ZONE_INVALID' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'ZONE_INVALID' })),
  enabled: Type.Optional(Type.Boolean({ errorId: 'ZONE_INVALID' })),
});
export type AdminZoneBody = Static<typeof AdminZoneBody>;

export const AdminZoneItem = Type.Object({
  productId: Id('ZONE_ITEMS_INVALID'),
  skuId: Type.Optional(Type.Union([Type.Null(), Id('ZONE_ITEMS_INVALID')])),
  label: Type.Optional(Type.String({ maxLength: 12, errorId: 'ZONE_ITEMS_INVALID' })),
  sort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'ZONE_ITEMS_INVALID' }),
  ),
});
export type AdminZoneItem = Static<typeof AdminZoneItem>;

/** Replaces the zone's product list (in the order given unless sorts say otherwise). */
export const AdminZoneItemsBody = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$', errorId: 'ZONE_NOT_FOUND' }),
  items: Type.Array(AdminZoneItem, { maxItems: 200, errorId: 'ZONE_ITEMS_INVALID' }),
});
export type AdminZoneItemsBody = Static<typeof AdminZoneItemsBody>;
export const AdminZoneSaved = Type.Object({ key: Type.String(), items: Type.Integer() });
export type AdminZoneSaved = Static<typeof AdminZoneSaved>;

// --- the new-user full refund ---

/**
 * eligible: no eligible order yet; pending: an eligible order is on its way (settleAt set once it
 * is received); paid: the red packet was given; used: the one chance is gone without a packet
 * (the order was refunded, or this phone already had it on another account).
 */
export const NEW_USER_REFUND_STATES = ['eligible', 'pending', 'paid', 'used'] as const;
export type NewUserRefundState = (typeof NEW_USER_REFUND_STATES)[number];
export const NEW_USER_REFUND_STATE_TEXT: Record<NewUserRefundState, string> = {
  eligible: '可参与',
  pending: '返款中',
  paid: '已返红包',
  used: '已失效',
};

export const NewUserRefundData = Type.Object({
  zone: ZoneInfo,
  loggedIn: Type.Boolean(),
  state: Type.Enum([...NEW_USER_REFUND_STATES]),
  stateText: Type.String(),
  orderNo: Type.Union([Type.Null(), Type.String()]),
  /** Fen the red packet gives (what the zone lines were paid). */
  amount: Type.Union([Type.Null(), Type.Integer()]),
  /** When the red packet is given (after receipt + the after-sales window). */
  settleAt: Type.Union([Type.Null(), Type.String()]),
  paidAt: Type.Union([Type.Null(), Type.String()]),
  /** The after-sales window before the refund is paid, in days (rounded up). */
  settleDays: Type.Integer(),
});
export type NewUserRefundData = Static<typeof NewUserRefundData>;
