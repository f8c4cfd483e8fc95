// 晒单: a received free order's post, and an item's posts.
import { type Static, Type } from 'typebox';
import { PagedQuery } from '../envelope.ts';
import { BARGAIN_IMAGE_PATTERN, BARGAIN_POST_IMAGES_MAX, BARGAIN_POST_TEXT_MAX } from './basics.ts';
import { Id } from './fields.ts';

/** 晒单 (showOrder) on the item's page. */
export const BargainPost = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type BargainPost = Static<typeof BargainPost>;

export const BargainPostsQuery = PagedQuery({ itemId: Id('BARGAIN_ITEM_NOT_FOUND') });
export type BargainPostsQuery = Static<typeof BargainPostsQuery>;

export const BargainPostBody = Type.Object({
  claimId: Id('BARGAIN_CLAIM_NOT_FOUND'),
  content: Type.String({
    minLength: 1,
    maxLength: BARGAIN_POST_TEXT_MAX,
    errorId: 'BARGAIN_POST_TEXT_INVALID',
  }),
  images: Type.Array(
    Type.String({ pattern: BARGAIN_IMAGE_PATTERN, errorId: 'BARGAIN_POST_IMAGE_INVALID' }),
    { maxItems: BARGAIN_POST_IMAGES_MAX, errorId: 'BARGAIN_POST_IMAGE_INVALID' },
  ),
});
export type BargainPostBody = Static<typeof BargainPostBody>;
