// The operator's live rooms and hosts.
import { type Static, Type } from 'typebox';
import { Page, PagedQuery } from '../envelope.ts';
import { Id, RoomId, SafeUrl } from './base.ts';

// ---- the operator ----

export const LiveAdminHostsQuery = PagedQuery({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      errorId: 'LIVE_HOST_STATUS_INVALID',
    }),
  ),
});
export type LiveAdminHostsQuery = Static<typeof LiveAdminHostsQuery>;
export const LiveHostApplication = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  phone: Type.String(),
  intro: Type.String(),
  sortId: Type.Integer(),
  status: Type.String(),
  reason: Type.String(),
  createdAt: Type.String(),
});
export type LiveHostApplication = Static<typeof LiveHostApplication>;
export const LiveHostApplicationPage = Page(LiveHostApplication);
export const LiveHostReviewBody = Type.Object({
  userId: Id('LIVE_HOST_NOT_FOUND'),
  approve: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 100, errorId: 'LIVE_REASON_INVALID' })),
});
export type LiveHostReviewBody = Static<typeof LiveHostReviewBody>;
export const LiveBanBody = Type.Object({
  roomId: RoomId,
  reason: Type.String({ minLength: 1, maxLength: 100, errorId: 'LIVE_REASON_INVALID' }),
});
export type LiveBanBody = Static<typeof LiveBanBody>;
export const LiveGiftUpsertBody = Type.Object({
  id: Type.Optional(Id('LIVE_GIFT_NOT_FOUND')),
  name: Type.String({ minLength: 1, maxLength: 20, errorId: 'LIVE_GIFT_INVALID' }),
  icon: SafeUrl('LIVE_GIFT_INVALID'),
  price: Type.Integer({ minimum: 1, maximum: 10_000_000, errorId: 'LIVE_GIFT_INVALID' }),
  tier: Type.Integer({ minimum: 1, maximum: 3, errorId: 'LIVE_GIFT_INVALID' }),
  enabled: Type.Boolean(),
});
export type LiveGiftUpsertBody = Static<typeof LiveGiftUpsertBody>;
export const LiveAdUpsertBody = Type.Object({
  id: Type.Optional(Id('LIVE_AD_NOT_FOUND')),
  title: Type.String({ minLength: 1, maxLength: 30, errorId: 'LIVE_AD_INVALID' }),
  image: SafeUrl('LIVE_AD_INVALID'),
  link: Type.Union([SafeUrl('LIVE_AD_INVALID'), Type.Literal('')], { errorId: 'LIVE_AD_INVALID' }),
  enabled: Type.Boolean(),
});
export type LiveAdUpsertBody = Static<typeof LiveAdUpsertBody>;
export const LiveIdData = Type.Object({ id: Type.Integer() });
