/** Schemas and types of logistics (shared by server and web). */
import { type Static, Type } from 'typebox';

/** Orders confirm themselves this many days after the parcel was signed for (AUTO_CONFIRM_DAYS). */
export const AUTO_CONFIRM_DAYS_DEFAULT = 7;

export const LOGISTICS_STATES = [
  'shipped',
  'collected',
  'in_transit',
  'delivering',
  'signed',
] as const;
export type LogisticsState = (typeof LOGISTICS_STATES)[number];

export const LOGISTICS_STATE_TEXT: Record<LogisticsState, string> = {
  shipped: '已发货',
  collected: '已揽收',
  in_transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
};

export const ExpressQuery = Type.Object({
  orderNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' }),
});
export type ExpressQuery = Static<typeof ExpressQuery>;

const State = Type.Union([
  Type.Literal('shipped'),
  Type.Literal('collected'),
  Type.Literal('in_transit'),
  Type.Literal('delivering'),
  Type.Literal('signed'),
]);

export const LogisticsStep = Type.Object({
  state: State,
  /** ISO time of the scan. */
  time: Type.String(),
  text: Type.String(),
  /** City or site of the scan, e.g. 杭州转运中心. */
  location: Type.String(),
});
export type LogisticsStep = Static<typeof LogisticsStep>;

export const LogisticsData = Type.Object({
  orderNo: Type.String(),
  carrier: Type.String(),
  trackingNo: Type.String(),
  state: State,
  stateText: Type.String(),
  /** Newest first. */
  steps: Type.Array(LogisticsStep),
  /** The receiver's address as on the order. */
  receiver: Type.String(),
  signedAt: Type.Union([Type.String(), Type.Null()]),
  /** While the order waits for receipt after signing: when it confirms itself. */
  autoConfirmAt: Type.Union([Type.String(), Type.Null()]),
});
export type LogisticsData = Static<typeof LogisticsData>;

/**
 * The carriers a merchant ships with: code (快递100-style), the name shown to buyers, and the
 * other names merchants type (an import's 快递公司 column takes any of them, case-insensitive).
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运', aliases: ['顺丰', '顺丰快递', 'shunfeng'] },
  { code: 'ZTO', name: '中通快递', aliases: ['中通', 'zhongtong'] },
  { code: 'YTO', name: '圆通速递', aliases: ['圆通', '圆通快递', 'yuantong'] },
  { code: 'STO', name: '申通快递', aliases: ['申通', 'shentong'] },
  { code: 'YD', name: '韵达快递', aliases: ['韵达', '韵达速递', 'yunda'] },
  { code: 'JTSD', name: '极兔速递', aliases: ['极兔', '极兔快递', 'jtexpress'] },
  { code: 'JD', name: '京东物流', aliases: ['京东', '京东快递', 'jingdong'] },
  { code: 'EMS', name: '中国邮政EMS', aliases: ['邮政EMS', 'EMS快递'] },
  { code: 'YZPY', name: '邮政快递包裹', aliases: ['邮政包裹', '中国邮政', 'youzhengguonei'] },
  { code: 'DBL', name: '德邦快递', aliases: ['德邦', '德邦物流', 'debangwuliu'] },
] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The carrier a merchant named by its code, name or another usual name; undefined if none. */
export function findCarrier(text: string): Carrier | undefined {
  const key = text.trim().toLowerCase();
  if (!key) return undefined;
  return CARRIERS.find(
    (c) =>
      c.code.toLowerCase() === key ||
      c.name.toLowerCase() === key ||
      c.aliases.some((a) => a.toLowerCase() === key),
  );
}
