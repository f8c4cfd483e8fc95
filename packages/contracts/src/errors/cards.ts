import type { ErrorTable } from './table.ts';

/** Errors of card collecting (集卡). */
export const CARDS_ERRORS = {
  CARD_CAMPAIGN_NOT_FOUND: { status: 404, msg: '集卡活动不存在' },
  CARD_CAMPAIGN_INVALID: {
    status: 400,
    msg: '请填写正确的集卡活动（标题、起止时间、卡片种类与权重、奖励）',
  },
  CARD_CAMPAIGN_NOT_STARTED: { status: 409, msg: '集卡活动尚未开始' },
  CARD_CAMPAIGN_ENDED: { status: 409, msg: '集卡活动已结束' },
  CARD_KINDS_LOCKED: { status: 409, msg: '活动已有用户集卡，卡片种类数量不能再修改' },
  CARD_KIND_NOT_FOUND: { status: 404, msg: '卡片不存在' },
  CARD_NOT_ENOUGH: { status: 409, msg: '卡片不足' },
  CARD_SET_INCOMPLETE: { status: 409, msg: '还未集齐全部卡片' },
  CARD_EXCHANGED: { status: 409, msg: '已兑换过奖励' },
  CARD_SELF_GIFT: { status: 400, msg: '不能赠送给自己' },
  CARD_FRIEND_NOT_FOUND: { status: 404, msg: '好友不存在，请检查手机号' },
  CARD_FRIEND_REQUIRED: { status: 400, msg: '请填写好友的手机号' },
  CARD_COUNT_INVALID: { status: 400, msg: '请填写正确的卡片数量' },
} as const satisfies ErrorTable;
