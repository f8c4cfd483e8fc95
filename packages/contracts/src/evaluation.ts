/** Schemas and types of evaluation (shared by server and web). */
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';

export const EVALUATION_CONTENT_MAX = 500;
export const EVALUATION_IMAGES_MAX = 9;

/**
 * One evaluation of one order line. Form bodies send `images` as JSON text (or repeat the key);
 * JSON bodies send an array. Left untyped here; the server checks count and URLs.
 */
export const ReleaseEvaluateBody = Type.Object({
  orderNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' }),
  itemId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'EVALUATION_ITEM_NOT_FOUND' }),
  stars: Type.Integer({ minimum: 1, maximum: 5, errorId: 'EVALUATION_STARS_INVALID' }),
  content: Type.Optional(
    Type.String({ maxLength: EVALUATION_CONTENT_MAX, errorId: 'EVALUATION_CONTENT_TOO_LONG' }),
  ),
  images: Type.Optional(Type.Unknown({ description: 'string[] or its JSON text' })),
  anonymous: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
});
export type ReleaseEvaluateBody = Static<typeof ReleaseEvaluateBody>;

export const ReleaseEvaluateData = Type.Object({
  evaluationId: Type.Integer(),
  /** The order's status afterwards: `finished` once every line is evaluated. */
  orderStatus: Type.String(),
});
export type ReleaseEvaluateData = Static<typeof ReleaseEvaluateData>;
