// Schemas the bargain's contract files share (not exported from the package).
import { Type } from 'typebox';
import { MAX_ID } from '../constants.ts';

export const EditionSchema = Type.Union([Type.Literal('normal'), Type.Literal('newYear')]);
export const BargainStatusSchema = Type.Union([
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('expired'),
]);
export const ClaimStatusSchema = Type.Union([
  Type.Literal('audit'),
  Type.Literal('ordered'),
  Type.Literal('rejected'),
]);
export const RewardKindSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('coupon'),
  Type.Literal('redPacket'),
]);

export const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
export const NullableInt = Type.Union([Type.Null(), Type.Integer()]);
export const NullableStr = Type.Union([Type.Null(), Type.String()]);
