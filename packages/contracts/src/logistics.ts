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
