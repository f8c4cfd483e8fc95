import type { ErrorTable } from './table.ts';

/** Errors of redeem codes (兑换码) and the points mall (积分商城). */
export const REDEEM_ERRORS = {
  REDEEM_CODE_INVALID: { status: 400, msg: '兑换码无效，请核对后重新输入' },
  /** A wrong code near the user's limit: the tries left before REDEEM_TOO_MANY. */
  REDEEM_CODE_INVALID_LEFT: { status: 400, msg: '兑换码无效，还可尝试{left}次' },
  REDEEM_CODE_USED: { status: 409, msg: '该兑换码已被使用' },
  REDEEM_CODE_EXPIRED: { status: 409, msg: '该兑换码已过期' },
  REDEEM_TOO_MANY: { status: 429, msg: '兑换码错误次数过多，请{minutes}分钟后再试' },
  REDEEM_BATCH_INVALID: { status: 400, msg: '请填写正确的兑换码批次（奖励内容与有效期）' },
  REDEEM_COUNT_INVALID: { status: 400, msg: '每批兑换码数量须为1-{max}个' },
  REDEEM_BATCH_NOT_FOUND: { status: 404, msg: '兑换码批次不存在' },
  REDEEM_CODE_ORDERED: {
    status: 409,
    msg: '该兑换码已下单，请在“我的订单”中完成支付（订单取消后可重新兑换）',
  },
  REDEEM_EXPORTED: { status: 409, msg: '该批兑换码已导出过，明文不再保存，无法再次导出' },
  EXCHANGE_ITEM_NOT_FOUND: { status: 404, msg: '兑换商品不存在或已下架' },
  EXCHANGE_SOLD_OUT: { status: 409, msg: '手慢了，该商品已兑完' },
  EXCHANGE_LIMIT: { status: 409, msg: '每人限兑{limit}次，您已达上限' },
  EXCHANGE_LIMIT_REACHED: { status: 409, msg: '您已达到该商品的兑换上限' },
  EXCHANGE_ITEM_INVALID: { status: 400, msg: '请填写正确的兑换商品（奖励、所需积分与库存）' },
} as const satisfies ErrorTable;
