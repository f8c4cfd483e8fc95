import type { ErrorTable } from './table.ts';

/** Errors of the zero-yuan bargain (砍价免费拿). */
export const BARGAIN_ERRORS = {
  BARGAIN_EDITION_INVALID: { status: 400, msg: '活动不存在' },
  BARGAIN_ITEM_NOT_FOUND: { status: 404, msg: '砍价商品不存在或已下架' },
  BARGAIN_ITEM_INVALID: { status: 400, msg: '砍价商品设置不正确' },
  BARGAIN_REWARD_INVALID: { status: 400, msg: '助力奖励设置不正确' },
  BARGAIN_TARGET_TOO_HIGH: { status: 400, msg: '目标价须低于商品价格' },
  BARGAIN_SOLD_OUT: { status: 409, msg: '免费名额已被领完' },
  BARGAIN_ALREADY_RUNNING: { status: 409, msg: '您已在砍这件商品，快去邀请好友吧' },
  BARGAIN_LIMIT_REACHED: { status: 409, msg: '已达到该商品的参与次数上限' },
  BARGAIN_NOT_FOUND: { status: 404, msg: '砍价不存在' },
  BARGAIN_ENDED: { status: 409, msg: '砍价已结束' },
  BARGAIN_HELP_OWN: { status: 409, msg: '不能给自己砍价哦' },
  BARGAIN_HELPED: { status: 409, msg: '您已帮TA砍过了' },
  BARGAIN_NOT_SUCCEEDED: { status: 409, msg: '砍价尚未成功，暂不能领取' },
  BARGAIN_CLAIM_EXPIRED: { status: 409, msg: '已超过领取时间' },
  BARGAIN_CLAIMED: { status: 409, msg: '该商品您已领取过' },
  BARGAIN_CLAIM_NOT_FOUND: { status: 404, msg: '领取记录不存在' },
  BARGAIN_CLAIM_NOT_AUDIT: { status: 409, msg: '该领取记录不在审核中' },
  BARGAIN_REJECT_REASON: { status: 400, msg: '请填写驳回原因' },
  BARGAIN_POST_NOT_RECEIVED: { status: 409, msg: '确认收货后才能晒单' },
  BARGAIN_POSTED: { status: 409, msg: '您已晒过单了' },
  BARGAIN_POST_TEXT_INVALID: { status: 400, msg: '请填写晒单内容（500字以内）' },
  BARGAIN_POST_IMAGE_INVALID: { status: 400, msg: '晒单图片不正确（最多9张）' },
} as const satisfies ErrorTable;
