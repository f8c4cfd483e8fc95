// The farm game (种果树): a user plants one fruit tree at a time, collects water (once a day, for
// paid orders, from friends' help, for sharing) into a kettle, waters the tree until it is ripe
// and harvests real fruit (a ¥0 order of the fruit's product) or a coupon. Progress is on the server.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { CLIENT_KEY_PATTERN, NewOrderData, ORDER_NOTE_MAX } from './order/index.ts';

/** Operator defaults (env FARM_*; a fruit kind's water and stages are set per kind). */
export const FARM_DEFAULTS = {
  /** The free water collected once a day (领水). */
  DAILY_WATER: 10,
  /** What one tap of 浇水 takes from the kettle and adds to the tree's growth. */
  WATER_STEP: 10,
  /** Water for each paid order. */
  ORDER_WATER: 20,
  /** Water a friend's help gives (once a day per friend pair). */
  HELP_WATER: 5,
  /** Water for sharing the farm (once a day). */
  SHARE_WATER: 5,
  /** A new fruit kind's water to ripen. */
  WATER_NEEDED: 100,
  /** Where each stage starts, in percent of the water needed (the last one is ripe). */
  STAGE_PERCENTS: [0, 10, 30, 60, 100],
} as const;

/** The tree's stages, in order; the last one is ripe. */
export const FARM_STAGE_NAMES = ['种子', '发芽', '幼苗', '开花', '结果'] as const;

export const FARM_REWARD_KINDS = ['coupon', 'product'] as const;
export type FarmRewardKind = (typeof FARM_REWARD_KINDS)[number];
export const FARM_TREE_STATES = ['growing', 'ripe', 'harvested'] as const;
export type FarmTreeState = (typeof FARM_TREE_STATES)[number];
export const FARM_SOURCES = ['daily', 'order', 'help', 'share', 'water', 'refund'] as const;
export type FarmSource = (typeof FARM_SOURCES)[number];
export const FARM_SOURCE_TEXT: Record<FarmSource, string> = {
  daily: '每日领水',
  order: '下单得水',
  help: '好友助力',
  share: '分享得水',
  water: '浇水',
  refund: '订单退款扣回',
};

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const ClientKey = Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' });

/** admin: a fruit kind (a coupon kind names its template, a product kind its SKU). */
export const FarmFruitBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20, errorId: 'FARM_FRUIT_INVALID' }),
  image: Type.String({ maxLength: 500, errorId: 'FARM_FRUIT_INVALID' }),
  waterNeeded: Type.Integer({ minimum: 1, maximum: 1_000_000, errorId: 'FARM_FRUIT_INVALID' }),
  /** Five ascending percents starting at 0 and ending at 100; the defaults when left out. */
  stagePercents: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 100, errorId: 'FARM_FRUIT_INVALID' }), {
      minItems: FARM_STAGE_NAMES.length,
      maxItems: FARM_STAGE_NAMES.length,
      errorId: 'FARM_FRUIT_INVALID',
    }),
  ),
  reward: Type.Enum([...FARM_REWARD_KINDS], { errorId: 'FARM_FRUIT_INVALID' }),
  couponTemplateId: Type.Optional(Type.Union([Type.Null(), Id('COUPON_NOT_FOUND')])),
  skuId: Type.Optional(Type.Union([Type.Null(), Id('SKU_NOT_FOUND')])),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, errorId: 'FARM_FRUIT_INVALID' })),
});
export type FarmFruitBody = Static<typeof FarmFruitBody>;

export const FarmFruitUpdateBody = Type.Object({
  id: Id('FARM_FRUIT_NOT_FOUND'),
  ...FarmFruitBody.properties,
});
export type FarmFruitUpdateBody = Static<typeof FarmFruitUpdateBody>;

export const FarmFruitIdBody = Type.Object({ id: Id('FARM_FRUIT_NOT_FOUND') });
export type FarmFruitIdBody = Static<typeof FarmFruitIdBody>;

export const FarmFruit = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  waterNeeded: Type.Integer(),
  stagePercents: Type.Array(Type.Integer()),
  reward: Type.Enum([...FARM_REWARD_KINDS]),
  /** The coupon's name or the product's title. */
  rewardTitle: Type.String(),
  couponTemplateId: Type.Union([Type.Null(), Type.Integer()]),
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
});
export type FarmFruit = Static<typeof FarmFruit>;
export const FarmFruitsData = Type.Object({ list: Type.Array(FarmFruit) });
export type FarmFruitsData = Static<typeof FarmFruitsData>;

/** A planted tree (its fruit's water and reward as they were when planted). */
export const FarmTree = Type.Object({
  id: Type.Integer(),
  fruitId: Type.Integer(),
  fruitName: Type.String(),
  image: Type.String(),
  waterNeeded: Type.Integer(),
  growth: Type.Integer(),
  /** growth / waterNeeded, 0–100. */
  percent: Type.Integer(),
  /** Index into FARM_STAGE_NAMES. */
  stage: Type.Integer(),
  stageName: Type.String(),
  /** The percent the next stage starts at (null when ripe). */
  nextStagePercent: Type.Union([Type.Null(), Type.Integer()]),
  state: Type.Enum([...FARM_TREE_STATES]),
  reward: Type.Enum([...FARM_REWARD_KINDS]),
  rewardTitle: Type.String(),
  /** A product fruit's SKU (its ¥0 order's shipping is asked with it before the harvest). */
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  /** The harvest's ¥0 order (a product fruit). */
  orderNo: Type.Union([Type.Null(), Type.String()]),
  /** Ripe, or harvested as a product whose order was cancelled unpaid: it may be claimed. */
  claimable: Type.Boolean(),
  plantedAt: Type.String(),
  harvestedAt: Type.Union([Type.Null(), Type.String()]),
});
export type FarmTree = Static<typeof FarmTree>;

export const FarmLogRow = Type.Object({
  id: Type.Integer(),
  source: Type.Enum([...FARM_SOURCES]),
  sourceText: Type.String(),
  /** Water in (positive) or out (negative: 浇水, a refunded order's water taken back). */
  amount: Type.Integer(),
  createdAt: Type.String(),
});
export type FarmLogRow = Static<typeof FarmLogRow>;

/** The water tasks and what each gives (today is a China-time day). */
export const FarmTasks = Type.Object({
  dailyWater: Type.Integer(),
  collectedToday: Type.Boolean(),
  orderWater: Type.Integer(),
  ordersToday: Type.Integer(),
  helpWater: Type.Integer(),
  /** Friends who helped me today. */
  helpsToday: Type.Integer(),
  shareWater: Type.Integer(),
  sharedToday: Type.Boolean(),
  waterStep: Type.Integer(),
});
export type FarmTasks = Static<typeof FarmTasks>;

export const FarmHomeData = Type.Object({
  userId: Type.Integer(),
  /** The current tree (growing, ripe, or the last harvested one); null before the first. */
  tree: Type.Union([Type.Null(), FarmTree]),
  kettle: Type.Integer(),
  /** Water a refunded order took back beyond the kettle: the next water pays it first. */
  kettleDebt: Type.Integer(),
  today: Type.String(),
  tasks: FarmTasks,
  /** The latest water movements. */
  log: Type.Array(FarmLogRow),
  stageNames: Type.Array(Type.String()),
});
export type FarmHomeData = Static<typeof FarmHomeData>;

export const FarmPlantBody = Type.Object({ fruitId: Id('FARM_FRUIT_NOT_FOUND') });
export type FarmPlantBody = Static<typeof FarmPlantBody>;

/** The friend whose share link I opened. */
export const FarmHelpBody = Type.Object({ friendId: Id('FARM_FRIEND_NOT_FOUND') });
export type FarmHelpBody = Static<typeof FarmHelpBody>;
export const FarmFriendQuery = Type.Object({ id: Id('FARM_FRIEND_NOT_FOUND') });
export type FarmFriendQuery = Static<typeof FarmFriendQuery>;

export const FarmHelpData = Type.Object({
  friendName: Type.String(),
  /** Water my help gave the friend. */
  amount: Type.Integer(),
});
export type FarmHelpData = Static<typeof FarmHelpData>;

/** A friend's farm as the help page shows it (masked name, no log). */
export const FarmFriendData = Type.Object({
  friendId: Type.Integer(),
  friendName: Type.String(),
  fruitName: Type.Union([Type.Null(), Type.String()]),
  stageName: Type.Union([Type.Null(), Type.String()]),
  percent: Type.Integer(),
  helpedToday: Type.Boolean(),
  self: Type.Boolean(),
});
export type FarmFriendData = Static<typeof FarmFriendData>;

/** Harvest a ripe tree; a product fruit needs an address and a client key (its ¥0 order). */
export const FarmHarvestBody = Type.Object({
  treeId: Id('FARM_TREE_NOT_FOUND'),
  addressId: Type.Optional(Id('ADDRESS_REQUIRED')),
  clientKey: Type.Optional(ClientKey),
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type FarmHarvestBody = Static<typeof FarmHarvestBody>;

export const FarmHarvestData = Type.Object({
  reward: Type.Enum([...FARM_REWARD_KINDS]),
  title: Type.String(),
  /** The product's ¥0 order (its shipping is paid at the cashier). */
  order: Type.Union([Type.Null(), NewOrderData]),
  /** Where the reward can be seen (my coupons, the order). */
  link: Type.String(),
  tree: FarmTree,
});
export type FarmHarvestData = Static<typeof FarmHarvestData>;

export const FarmCreatedData = Type.Object({ id: Type.Integer() });
export type FarmCreatedData = Static<typeof FarmCreatedData>;
