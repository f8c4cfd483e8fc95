// The operator's items of both editions and the audit of flagged claims.
import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { PagedQuery } from '../envelope.ts';
import { BARGAIN_CLAIM_STATUSES, BARGAIN_EDITIONS, BARGAIN_REWARD_KINDS } from './basics.ts';
import { BargainClaim } from './claim.ts';
import { Id } from './fields.ts';
import { BargainItem } from './item.ts';

// --- operator --------------------------------------------------------------------------------

export const BargainAdminItemsQuery = PagedQuery({
  edition: Type.Optional(Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' })),
});
export type BargainAdminItemsQuery = Static<typeof BargainAdminItemsQuery>;
export const BargainAdminItem = Type.Object({
  ...BargainItem.properties,
  enabled: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Type.String(),
});
export type BargainAdminItem = Static<typeof BargainAdminItem>;

const RewardInput = {
  rewardKind: Type.Optional(
    Type.Enum([...BARGAIN_REWARD_KINDS], { errorId: 'BARGAIN_REWARD_INVALID' }),
  ),
  /** Required with rewardKind coupon (null first: Ajv's coercion would make it 0). */
  couponTemplateId: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'BARGAIN_REWARD_INVALID' }),
    ]),
  ),
  /** Red packet per help (fen), required > 0 with rewardKind redPacket. */
  redPacketAmount: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_REWARD_INVALID' }),
  ),
};
const ItemFields = {
  targetPrice: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  helpersNeeded: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  timeLimitHours: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 720, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  stock: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  perUserLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 99, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, errorId: 'BARGAIN_ITEM_INVALID' }),
  ),
  ...RewardInput,
};
/** Defaults: target 0, helpers BARGAIN_HELPERS_NEEDED, 24 h, per-user limit 1, no reward, enabled. */
export const BargainItemBody = Type.Object({
  edition: Type.Enum([...BARGAIN_EDITIONS], { errorId: 'BARGAIN_EDITION_INVALID' }),
  skuId: Id('SKU_NOT_FOUND'),
  ...ItemFields,
});
export type BargainItemBody = Static<typeof BargainItemBody>;
export const BargainItemCreated = Type.Object({ id: Type.Integer() });
export type BargainItemCreated = Static<typeof BargainItemCreated>;
/** Only the given fields change; the SKU and edition are fixed once listed. */
export const BargainItemUpdateBody = Type.Object({
  id: Id('BARGAIN_ITEM_NOT_FOUND'),
  ...ItemFields,
});
export type BargainItemUpdateBody = Static<typeof BargainItemUpdateBody>;

export const BargainAdminClaimsQuery = PagedQuery({
  status: Type.Optional(
    Type.Enum(['all', ...BARGAIN_CLAIM_STATUSES], { default: 'audit', errorId: 'INVALID_PARAM' }),
  ),
});
export type BargainAdminClaimsQuery = Static<typeof BargainAdminClaimsQuery>;
export const BargainClaimAdmin = Type.Object({
  ...BargainClaim.properties,
  userId: Type.Integer(),
  nickname: Type.String(),
  /** Why it was flagged (e.g. 新用户助力占比过高, 同一设备多次助力), [] when not. */
  flags: Type.Array(Type.String()),
});
export type BargainClaimAdmin = Static<typeof BargainClaimAdmin>;
export const BargainClaimApproveBody = Type.Object({ claimId: Id('BARGAIN_CLAIM_NOT_FOUND') });
export type BargainClaimApproveBody = Static<typeof BargainClaimApproveBody>;
export const BargainClaimRejectBody = Type.Object({
  claimId: Id('BARGAIN_CLAIM_NOT_FOUND'),
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'BARGAIN_REJECT_REASON' }),
});
export type BargainClaimRejectBody = Static<typeof BargainClaimRejectBody>;
