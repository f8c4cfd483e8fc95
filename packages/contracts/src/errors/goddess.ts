import type { ErrorTable } from './table.ts';

/** Errors of the goddess gang (女神帮). */
export const GODDESS_ERRORS = {
  GODDESS_JOINED: { status: 409, msg: '您已经是女神帮成员了' },
  GODDESS_INVITER_INVALID: { status: 400, msg: '邀请链接无效，请核对后重试' },
  GODDESS_INVITER_NOT_FOUND: { status: 404, msg: '邀请人不存在，请核对邀请码' },
  GODDESS_INVITER_NOT_MEMBER: { status: 409, msg: '邀请人还不是女神帮成员' },
  GODDESS_INVITE_SELF: { status: 400, msg: '不能邀请自己哦' },
} as const satisfies ErrorTable;
