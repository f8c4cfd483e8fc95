// The operator's promotion bodies and the payout channel's notification.
import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';

// --- operator ---
const UserId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'USER_NOT_FOUND' });
export const AdminIdentityBody = Type.Object({
  userId: UserId,
  /** promoter / owner grants; user takes the operator's grant back. */
  tier: Type.Enum(['user', 'promoter', 'owner'], { errorId: 'INVALID_PARAM' }),
});
export type AdminIdentityBody = Static<typeof AdminIdentityBody>;
export const AdminRejectBody = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'WITHDRAW_REJECT_REASON' }),
});
export type AdminRejectBody = Static<typeof AdminRejectBody>;
export const AdminCommissionRateBody = Type.Object({
  productId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'PRODUCT_NOT_FOUND' }),
  /** null: back to the default rates (null first: Ajv's coercion would make it 0). */
  l1Bp: Type.Union([
    Type.Null(),
    Type.Integer({ minimum: 0, maximum: 5000, errorId: 'INVALID_PARAM' }),
  ]),
  l2Bp: Type.Union([
    Type.Null(),
    Type.Integer({ minimum: 0, maximum: 5000, errorId: 'INVALID_PARAM' }),
  ]),
});
export type AdminCommissionRateBody = Static<typeof AdminCommissionRateBody>;

/** The payout channel's signed result of a withdrawal (sandbox now). */
export const PayoutNotifyBody = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
  amount: Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'PAY_AMOUNT_MISMATCH' }),
  result: Type.Enum(['succeeded', 'failed'], { errorId: 'INVALID_PARAM' }),
  nonce: Type.String({ minLength: 1, maxLength: 64, errorId: 'PAY_SIGNATURE_INVALID' }),
  sign: Type.String({ minLength: 1, maxLength: 128, errorId: 'PAY_SIGNATURE_INVALID' }),
});
export type PayoutNotifyBody = Static<typeof PayoutNotifyBody>;
