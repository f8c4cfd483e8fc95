import type { ErrorTable } from './table.ts';

/** Errors of coupons, red packets and the wallet's bill. */
export const COUPON_ERRORS = {
  COUPON_NOT_FOUND: { status: 404, msg: '优惠券不存在' },
  COUPON_SOLD_OUT: { status: 409, msg: '优惠券已被抢光' },
  COUPON_LIMIT: { status: 409, msg: '每人限领{limit}张，您已领过该券' },
  COUPON_NOT_CLAIMABLE: { status: 409, msg: '该优惠券不可领取' },
  COUPON_NOT_STARTED: { status: 409, msg: '优惠券领取尚未开始' },
  COUPON_ENDED: { status: 409, msg: '优惠券已过领取时间' },
  COUPON_NEW_USER_ONLY: { status: 409, msg: '新人专享券，仅限注册{days}天内的新用户领取' },
  COUPON_MEMBER_ONLY: { status: 409, msg: '会员专享券，开通会员后即可领取' },
  COUPON_UNUSABLE: { status: 409, msg: '优惠券不可用：{reason}' },
  COUPON_CONFLICT: { status: 409, msg: '每个店铺只能使用一张店铺券，平台券每单限用一张' },
  COUPON_TEMPLATE_INVALID: { status: 400, msg: '请填写正确的优惠券规则' },
  COUPON_PACK_CLAIMED: { status: 409, msg: '新人礼包已领取过' },
  RED_PACKET_NOT_FOUND: { status: 404, msg: '红包不存在' },
  RED_PACKET_EXPIRED: { status: 409, msg: '红包已过期' },
  RED_PACKET_INVALID: { status: 400, msg: '请填写正确的红包规则' },
  RED_PACKET_NOT_ENOUGH: { status: 409, msg: '红包余额不足，请刷新后重试' },
  BILL_MONTH_INVALID: { status: 400, msg: '请选择正确的月份' },
} as const satisfies ErrorTable;
