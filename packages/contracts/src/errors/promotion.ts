import type { ErrorTable } from './table.ts';

/** Errors of membership, the upgrade, promotion (binding, team, commissions) and withdrawal. */
export const PROMOTION_ERRORS = {
  MEMBER_PLAN_INVALID: { status: 400, msg: '请选择会员套餐' },
  MEMBER_PURCHASE_NOT_FOUND: { status: 404, msg: '会员订单不存在' },
  UPGRADE_DONE: { status: 409, msg: '您已是推广员，无需重复升级' },
  BAIL_DISABLED: { status: 409, msg: '暂未开放保证金升级，请购买礼包升级' },
  INVITE_CODE_INVALID: { status: 400, msg: '请输入正确的邀请码' },
  INVITE_CODE_NOT_FOUND: { status: 404, msg: '邀请码不存在，请核对后重试' },
  BIND_SELF: { status: 409, msg: '不能绑定自己的邀请码' },
  BIND_LOOP: { status: 409, msg: '不能绑定您邀请的好友' },
  BIND_DONE: { status: 409, msg: '您已绑定邀请人，不可更改' },
  BIND_CLOSED: { status: 409, msg: '已超过绑定邀请人的时间' },
  PROMOTER_ONLY: { status: 403, msg: '升级为推广员后才可使用' },
  PAYOUT_ACCOUNT_INVALID: { status: 400, msg: '请输入正确的支付宝账号（手机号或邮箱）' },
  PAYOUT_NAME_MISMATCH: { status: 400, msg: '姓名须与实名认证姓名一致' },
  PAYOUT_ACCOUNT_REQUIRED: { status: 409, msg: '请先绑定提现账号' },
  REAL_NAME_REQUIRED: { status: 409, msg: '请先完成实名认证' },
  WITHDRAW_AMOUNT_INVALID: { status: 400, msg: '请输入正确的提现金额' },
  WITHDRAW_MIN: { status: 400, msg: '单笔提现金额不能低于{min}' },
  WITHDRAW_NOT_ENOUGH: { status: 409, msg: '可提现金额不足' },
  WITHDRAW_DEBT: { status: 409, msg: '您有待还佣金{debt}，还清后才可提现' },
  WITHDRAW_DAILY_LIMIT: { status: 429, msg: '每天最多提现{limit}次，请明天再来' },
  WITHDRAW_NOT_FOUND: { status: 404, msg: '提现记录不存在' },
  WITHDRAW_STATE: { status: 409, msg: '该提现申请已处理' },
  WITHDRAW_REJECT_REASON: { status: 400, msg: '请填写驳回原因' },
} as const satisfies ErrorTable;
