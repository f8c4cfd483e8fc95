import type { ErrorTable } from './table.ts';

/** Errors of refunds and returns (after-sales). */
export const AFTERSALE_ERRORS = {
  REFUND_NOT_FOUND: { status: 404, msg: '售后单不存在' },
  REFUND_ITEM_NOT_FOUND: { status: 404, msg: '订单中没有该商品' },
  REFUND_ORDER_UNPAID: { status: 409, msg: '订单未支付，无法申请售后' },
  REFUND_TYPE_INVALID: { status: 400, msg: '请选择售后类型' },
  REFUND_RETURN_NOT_SHIPPED: { status: 409, msg: '商品尚未发货，请选择仅退款' },
  REFUND_REASON_INVALID: { status: 400, msg: '请选择退款原因' },
  REFUND_DESC_TOO_LONG: { status: 400, msg: '问题描述最多200字' },
  REFUND_IMAGES_INVALID: { status: 400, msg: '凭证图片最多6张，请重新上传' },
  REFUND_AMOUNT_INVALID: { status: 400, msg: '请输入正确的退款金额' },
  REFUND_AMOUNT_EXCEEDED: { status: 400, msg: '退款金额不能超过可退金额{max}元' },
  REFUND_FULL_REQUIRED: { status: 400, msg: '未发货的商品须全额退款' },
  REFUND_WINDOW_CLOSED: { status: 409, msg: '已超过售后期限（确认收货后{days}天内）' },
  REFUND_IN_PROGRESS: { status: 409, msg: '该商品已有售后申请正在处理中' },
  REFUND_NOTHING_LEFT: { status: 409, msg: '该商品已全额退款' },
  REFUND_STATE: { status: 409, msg: '售后单状态已变化，请刷新后重试' },
  RETURN_INFO_INVALID: { status: 400, msg: '请填写正确的退货物流公司和运单号' },
  REFUND_REJECT_REASON_INVALID: { status: 400, msg: '请填写1-60字的驳回原因' },
} as const satisfies ErrorTable;
