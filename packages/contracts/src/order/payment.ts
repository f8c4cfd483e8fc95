// Payment and recharge schemas (pay types, balance, gateway, notify). Money is integer fen.
import { type Static, Type } from 'typebox';
import { RECHARGE_MAX, RECHARGE_MIN } from './checkout.ts';
import { OrderNo } from './fields.ts';

export const PAY_TYPES = ['balance', 'sandbox'] as const;
export const PayTypeData = Type.Object({
  list: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('balance'), Type.Literal('sandbox')]),
      name: Type.String(),
    }),
  ),
  balance: Type.Integer(),
});
export type PayTypeData = Static<typeof PayTypeData>;
export const BalanceData = Type.Object({ balance: Type.Integer() });
export type BalanceData = Static<typeof BalanceData>;

export const BalancePayBody = Type.Object({
  orderNo: OrderNo,
  payPassword: Type.String({ pattern: '^\\d{6}$', errorId: 'PAY_PASSWORD_FORMAT' }),
});
export type BalancePayBody = Static<typeof BalancePayBody>;
export const PayResultData = Type.Object({
  orderNos: Type.Array(Type.String()),
  payAmount: Type.Integer(),
  balance: Type.Integer(),
});
export type PayResultData = Static<typeof PayResultData>;

export const OrderNoBody = Type.Object({ orderNo: OrderNo });
export type OrderNoBody = Static<typeof OrderNoBody>;
export const OrderNoQuery = OrderNoBody;

export const GatewayPayData = Type.Object({
  paymentNo: Type.String(),
  amount: Type.Integer(),
  /** The sandbox cashier page (stands in for the payment app). */
  cashierUrl: Type.String(),
});
export type GatewayPayData = Static<typeof GatewayPayData>;

export const RechargeBody = Type.Object({
  amount: Type.Integer({
    minimum: RECHARGE_MIN,
    maximum: RECHARGE_MAX,
    errorId: 'RECHARGE_AMOUNT_INVALID',
  }),
});
export type RechargeBody = Static<typeof RechargeBody>;

/** account/rechargeStatus: the state of one of the user's top-ups (paymentNo from recharge). */
export const RechargeStatusQuery = Type.Object({
  paymentNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'PAYMENT_NOT_FOUND' }),
});
export type RechargeStatusQuery = Static<typeof RechargeStatusQuery>;
export const RechargeStatusData = Type.Object({
  paymentNo: Type.String(),
  amount: Type.Integer(),
  /** pending until the gateway's notify; succeeded once the money is in the wallet. */
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('succeeded'),
    Type.Literal('cancelled'),
    Type.Literal('refunded'),
  ]),
  /** The wallet balance now. */
  balance: Type.Integer(),
});
export type RechargeStatusData = Static<typeof RechargeStatusData>;

/** What the gateway posts to pay/notify; `sign` is an HMAC of the other fields. */
export const PayNotifyBody = Type.Object({
  paymentNo: Type.String({ minLength: 1, maxLength: 40 }),
  amount: Type.Integer({ minimum: 0 }),
  result: Type.Union([Type.Literal('paid'), Type.Literal('cancelled')]),
  nonce: Type.String({ minLength: 1, maxLength: 64 }),
  sign: Type.String({ minLength: 1, maxLength: 128, errorId: 'PAY_SIGNATURE_INVALID' }),
});
export type PayNotifyBody = Static<typeof PayNotifyBody>;
export const PayNotifyData = Type.Object({ result: Type.String() });
