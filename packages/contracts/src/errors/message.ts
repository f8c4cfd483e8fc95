import type { ErrorTable } from './table.ts';

/** Errors of system and order messages. */
export const MESSAGE_ERRORS = {
  MESSAGE_NOT_FOUND: { status: 404, msg: '消息不存在或已删除' },
  MESSAGE_TYPE_INVALID: { status: 400, msg: '消息类型不正确' },
  MESSAGE_READ_TARGET: { status: 400, msg: '请选择要标记已读的消息' },
  NOTICE_TITLE_INVALID: { status: 400, msg: '消息标题须为1-60个字符' },
  NOTICE_CONTENT_INVALID: { status: 400, msg: '消息内容须为1-2000个字符' },
  NOTICE_LINK_INVALID: { status: 400, msg: '跳转链接须为站内路径' },
  NOTICE_USER_NOT_FOUND: { status: 404, msg: '接收消息的用户不存在' },
} as const satisfies ErrorTable;
