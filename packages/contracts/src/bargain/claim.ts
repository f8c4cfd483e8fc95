// The free order's claim (thirdStep) and its audit page.
import { type Static, Type } from 'typebox';
import { CLIENT_KEY_PATTERN, NewOrderData } from '../order/index.ts';
import { ClaimStatusSchema, EditionSchema, Id, NullableInt, NullableStr } from './fields.ts';

export const BargainClaim = Type.Object({
  id: Type.Integer(),
  bargainId: Type.Integer(),
  itemId: Type.Integer(),
  edition: EditionSchema,
  title: Type.String(),
  image: Type.String(),
  status: ClaimStatusSchema,
  statusText: Type.String(),
  /** The operator's reason when rejected. */
  rejectReason: NullableStr,
  /** The order once placed (status ordered). */
  orderNo: NullableStr,
  /** The order's own status (e.g. pending / paid / shipped / received / cancelled), null before it exists. */
  orderStatus: NullableStr,
  /** Whether a 晒单 may be posted now (order received and none posted yet). */
  canPost: Type.Boolean(),
  /** The 晒单 posted for this claim, if any. */
  postId: NullableInt,
  createdAt: Type.String(),
});
export type BargainClaim = Static<typeof BargainClaim>;

export const BargainClaimBody = Type.Object({
  bargainId: Id('BARGAIN_NOT_FOUND'),
  addressId: Id('ADDRESS_REQUIRED'),
  /** One claim per key: a resubmit answers the same claim. */
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  note: Type.Optional(Type.String({ maxLength: 200, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type BargainClaimBody = Static<typeof BargainClaimBody>;
export const BargainClaimData = Type.Object({
  claim: BargainClaim,
  /** The placed order to pay (shipping only, if any); null while in audit. */
  order: Type.Union([Type.Null(), NewOrderData]),
});
export type BargainClaimData = Static<typeof BargainClaimData>;

export const BargainClaimQuery = Type.Object({ id: Id('BARGAIN_CLAIM_NOT_FOUND') });
export type BargainClaimQuery = Static<typeof BargainClaimQuery>;
