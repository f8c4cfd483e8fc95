import type { ErrorTable } from './table.ts';

/** Errors of the 客服 desk (console/chat-desk.ts). */
export const CHAT_DESK_ERRORS = {
  CHAT_CONVERSATION_NOT_FOUND: { status: 404, msg: '会话不存在' },
  CHAT_ALREADY_CLAIMED: { status: 409, msg: '该会话已被其他客服接入' },
  CHAT_CONVERSATION_CLOSED: { status: 409, msg: '该会话已结束' },
  CHAT_NOT_YOURS: { status: 409, msg: '该会话由其他客服接待' },
  CHAT_CONVERSATION_CHANGED: { status: 409, msg: '会话状态已变化，请刷新后重试' },
  CHAT_TRANSFER_TARGET_INVALID: { status: 400, msg: '只能转接给本店的其他客服' },
  CHAT_TRANSFER_SAME: { status: 409, msg: '该会话已由此客服接待' },
  CHAT_QUICK_REPLY_NOT_FOUND: { status: 404, msg: '快捷回复不存在' },
  CHAT_QUICK_REPLY_INVALID: { status: 400, msg: '快捷回复内容须为1-500个字符，标题不超过20个字符' },
  CHAT_QUICK_REPLY_LIMIT: { status: 409, msg: '每个店铺最多保存100条快捷回复' },
} as const satisfies ErrorTable;
