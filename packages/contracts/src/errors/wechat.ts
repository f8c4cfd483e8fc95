import type { ErrorTable } from './table.ts';

/** Errors of the mini-program's WeChat login, and of the web-view pages' one-time sign-in ticket. */
export const WECHAT_ERRORS = {
  WECHAT_CODE_INVALID: { status: 400, msg: '微信登录失败，请重试' },
  WECHAT_BOUND_ELSEWHERE: { status: 409, msg: '该微信已绑定其他手机号' },
  WECHAT_PHONE_BOUND_ELSEWHERE: { status: 409, msg: '该手机号已绑定其他微信' },
  WEB_TICKET_INVALID: { status: 401, msg: '登录凭证已失效，请重新登录' },
} as const satisfies ErrorTable;
