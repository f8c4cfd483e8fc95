import type { ErrorTable } from './table.ts';

/** Errors of the console's access model: staff, roles, the audit log. */
export const CONSOLE_ERRORS = {
  NOT_STAFF: { status: 403, msg: '该账号没有后台权限' },
  STAFF_ROLE_INVALID: { status: 400, msg: '请选择正确的角色' },
  STAFF_STORE_REQUIRED: { status: 400, msg: '商家、店员和客服须指定所属店铺' },
  STAFF_PERMISSION_INVALID: { status: 400, msg: '权限不存在或超出可授予的范围' },
  STAFF_NOT_FOUND: { status: 404, msg: '员工不存在' },
  STAFF_SELF: { status: 409, msg: '不能修改或移除自己的后台账号' },
  STAFF_EXISTS_IN_OTHER_STORE: { status: 409, msg: '该手机号已是其他店铺的员工' },
  STAFF_EXISTS: { status: 409, msg: '该手机号已是本店员工' },
  STAFF_IS_OPERATOR: { status: 409, msg: '该用户是平台运营，不能再设为店铺员工' },
  OPERATOR_NOT_FOUND: { status: 404, msg: '平台运营不存在' },
  OPERATOR_EXISTS: { status: 409, msg: '该用户已是平台运营' },
  OPERATOR_IS_STAFF: { status: 409, msg: '该用户是店铺员工，请先移除其店铺身份' },
  OPERATOR_SELF: { status: 409, msg: '不能移除自己的平台运营身份' },
  OPERATOR_LAST: { status: 409, msg: '至少要保留一名平台运营' },
  AUDIT_RANGE_INVALID: { status: 400, msg: '请选择正确的时间范围' },
  DATE_RANGE_INVALID: { status: 400, msg: '请选择正确的日期范围' },

  // dashboard
  DASHBOARD_RANGE_INVALID: { status: 400, msg: '请选择正确的统计周期' },
  DASHBOARD_STORE_REQUIRED: { status: 400, msg: '请选择要查看的店铺' },

  // users
  CONSOLE_USER_NOT_FOUND: { status: 404, msg: '用户不存在' },
  USER_BAN_REASON_INVALID: { status: 400, msg: '请填写封禁原因（1-200字）' },
  USER_ALREADY_BANNED: { status: 409, msg: '该用户已被封禁' },
  USER_NOT_BANNED: { status: 409, msg: '该用户未被封禁' },
  USER_BAN_SELF: { status: 409, msg: '不能封禁自己的账号' },
  PAY_PASSWORD_NOT_LOCKED: { status: 409, msg: '该用户的支付密码未被锁定' },
  REAL_NAME_NOT_DONE: { status: 409, msg: '该用户尚未实名认证' },
  REVEAL_FIELD_INVALID: { status: 400, msg: '请选择要查看的信息' },
  ID_CARD_NOT_KEPT: { status: 404, msg: '该用户的证件号码未留存（早于留存功能的认证）' },

  // the content desk
  NOTICE_NOT_FOUND: { status: 404, msg: '公告不存在' },
  NOTICE_PUBLISH_AT_INVALID: { status: 400, msg: '定时发布时间须在现在之后、一年之内' },
  NOTICE_ALREADY_OUT: { status: 409, msg: '公告已发布，只能撤回，不能修改' },
  NOTICE_WITHDRAWN: { status: 409, msg: '公告已撤回' },
  FEEDBACK_NOT_FOUND: { status: 404, msg: '反馈不存在' },
  FEEDBACK_REPLY_INVALID: { status: 400, msg: '回复内容须为1-500个字' },
  REPORT_NOT_FOUND: { status: 404, msg: '举报不存在' },
  REPORT_STATE_INVALID: { status: 409, msg: '该举报已处理' },
  REPORT_RESULT_INVALID: { status: 400, msg: '处理说明须为1-500个字' },
  CONTENT_STATUS_INVALID: { status: 400, msg: '请选择正确的处理状态' },
  DICTIONARY_CODE_INVALID: { status: 400, msg: '该字典不可在后台编辑' },
  DICTIONARY_ITEMS_INVALID: { status: 400, msg: '请填写1-20项，名称1-20字、内容1-100字' },
} as const satisfies ErrorTable;
