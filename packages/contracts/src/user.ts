import { type Static, Type } from 'typebox';
import {
  NICKNAME_MAX,
  PASSWORD_PATTERN,
  PAY_PASSWORD_PATTERN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from './constants.ts';

const Phone = Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' });
const SmsCode = Type.String({ pattern: SMS_CODE_PATTERN, errorId: 'SMS_CODE_FORMAT' });
const Password = Type.String({ pattern: PASSWORD_PATTERN, errorId: 'PASSWORD_FORMAT' });
const PayPassword = Type.String({ pattern: PAY_PASSWORD_PATTERN, errorId: 'PAY_PASSWORD_FORMAT' });

/** What an SMS code may be used for; each is checked against its own purpose. */
export const SMS_PURPOSES = [
  'login',
  'resetPwd',
  'verifyMobile',
  'changeMobile',
  'resetPayPwd',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SmsSendBody = Type.Object({
  phone: Phone,
  type: Type.Optional(
    Type.Union(
      [
        Type.Literal('login'),
        Type.Literal('resetPwd'),
        Type.Literal('verifyMobile'),
        Type.Literal('changeMobile'),
        Type.Literal('resetPayPwd'),
      ],
      { errorId: 'SMS_TYPE_INVALID', default: 'login' },
    ),
  ),
});
export type SmsSendBody = Static<typeof SmsSendBody>;
export const SmsSendData = Type.Object({
  /** Seconds until the code expires. */
  expiresIn: Type.Integer(),
  /** Seconds before another code may be sent to this phone. */
  resendIn: Type.Integer(),
  /** Only outside production, so tests and the demo can log in. */
  code: Type.Optional(Type.String()),
});
export type SmsSendData = Static<typeof SmsSendData>;

export const MobileLoginBody = Type.Object({
  phone: Phone,
  code: SmsCode,
  /** The inviter's code (a share link or poster brought the user): binds a new account to them. */
  inviteCode: Type.Optional(
    Type.String({ maxLength: 16, pattern: '^[A-Za-z0-9]*$', errorId: 'INVITE_CODE_INVALID' }),
  ),
});
export type MobileLoginBody = Static<typeof MobileLoginBody>;
export const PasswordLoginBody = Type.Object({
  phone: Phone,
  password: Type.String({ minLength: 1, maxLength: 64, errorId: 'PASSWORD_WRONG' }),
});
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;
export const LoginData = Type.Object({
  token: Type.String(),
  /** True when this login created the account. */
  isNew: Type.Boolean(),
});
export type LoginData = Static<typeof LoginData>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Masked, e.g. 138****8000. */
  phone: Type.String(),
  hasPassword: Type.Boolean(),
  hasPayPassword: Type.Boolean(),
  realNameVerified: Type.Boolean(),
  createdAt: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

export const ProfileBody = Type.Object({
  nickname: Type.Optional(
    Type.String({ minLength: 1, maxLength: NICKNAME_MAX, errorId: 'NICKNAME_INVALID' }),
  ),
  avatar: Type.Optional(Type.String({ minLength: 1, maxLength: 512, errorId: 'AVATAR_INVALID' })),
});
export type ProfileBody = Static<typeof ProfileBody>;

export const ResetPwdBody = Type.Object({ phone: Phone, code: SmsCode, password: Password });
export type ResetPwdBody = Static<typeof ResetPwdBody>;

export const ModifyPasswordBody = Type.Object({
  /** Required when the account already has a password. */
  oldPassword: Type.Optional(Type.String({ maxLength: 64, errorId: 'OLD_PASSWORD_WRONG' })),
  password: Password,
});
export type ModifyPasswordBody = Static<typeof ModifyPasswordBody>;

export const VerifyMobileBody = Type.Object({ code: SmsCode });
export type VerifyMobileBody = Static<typeof VerifyMobileBody>;
export const VerifyMobileData = Type.Object({
  /** Proof that the current phone was verified; valid for 10 minutes. */
  ticket: Type.String(),
});
export type VerifyMobileData = Static<typeof VerifyMobileData>;
export const ChangeMobileBody = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 128, errorId: 'MOBILE_TICKET_INVALID' }),
  phone: Phone,
  code: SmsCode,
});
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;

export const RealNameBody = Type.Object({
  realName: Type.String({ minLength: 2, maxLength: 30, errorId: 'REAL_NAME_INVALID' }),
  idCard: Type.String({ pattern: '^\\d{17}[\\dXx]$', errorId: 'ID_CARD_INVALID' }),
});
export type RealNameBody = Static<typeof RealNameBody>;
export const RealNameData = Type.Object({
  verified: Type.Boolean(),
  /** Masked, e.g. 张*三. */
  realName: Type.Optional(Type.String()),
  /** Masked, e.g. 1101**********123X. */
  idCard: Type.Optional(Type.String()),
  verifiedAt: Type.Optional(Type.String()),
});
export type RealNameData = Static<typeof RealNameData>;

export const SetPayPasswordBody = Type.Object({
  password: PayPassword,
  /** The same six digits again, when the client asks twice. */
  confirmPassword: Type.Optional(PayPassword),
  /** Required to change an existing pay password. */
  oldPassword: Type.Optional(PayPassword),
});
export type SetPayPasswordBody = Static<typeof SetPayPasswordBody>;
export const CheckPayPasswordBody = Type.Object({ password: PayPassword });
export type CheckPayPasswordBody = Static<typeof CheckPayPasswordBody>;
export const ResetPayPasswordBody = Type.Object({ code: SmsCode, password: PayPassword });
export type ResetPayPasswordBody = Static<typeof ResetPayPasswordBody>;
export const IsPayPasswordData = Type.Object({
  isSet: Type.Boolean(),
  locked: Type.Boolean(),
  /** ISO time when a lock ends. */
  lockedUntil: Type.Optional(Type.String()),
});
export type IsPayPasswordData = Static<typeof IsPayPasswordData>;

// The mini-program's WeChat login (SPEC §7 "xcx bind"): wx.login's one-time code, exchanged on
// the server for the user's openid (code2Session); an openid bound to an account signs it in.
const WxCode = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  errorId: 'WECHAT_CODE_INVALID',
});
export const XcxLoginBody = Type.Object({ code: WxCode });
export type XcxLoginBody = Static<typeof XcxLoginBody>;
/** `bound: false` (no token): the mini-program asks for the phone and calls xcx/bind. */
export const XcxLoginData = Type.Object({
  bound: Type.Boolean(),
  token: Type.Union([Type.String(), Type.Null()]),
});
export type XcxLoginData = Static<typeof XcxLoginData>;
/**
 * A one-time sign-in ticket for the web build opened in the mini-program's <web-view>: the page
 * exchanges it for its own session, so the session token never travels in a URL.
 */
export const WebTicketData = Type.Object({
  ticket: Type.String(),
  /** Seconds it stays valid. */
  expiresIn: Type.Integer(),
});
export type WebTicketData = Static<typeof WebTicketData>;
export const WebTicketExchangeBody = Type.Object({
  ticket: Type.String({
    minLength: 16,
    maxLength: 128,
    pattern: '^[A-Za-z0-9_-]+$',
    errorId: 'WEB_TICKET_INVALID',
  }),
});
export type WebTicketExchangeBody = Static<typeof WebTicketExchangeBody>;
/** A fresh wx.login code, and the phone with its SMS code (first login registers the account). */
export const XcxBindBody = Type.Object({
  code: WxCode,
  phone: Phone,
  smsCode: SmsCode,
  /** The inviter's code a shared card carried (`?invite=`): binds a new account, as mobileLogin. */
  inviteCode: MobileLoginBody.properties.inviteCode,
});
export type XcxBindBody = Static<typeof XcxBindBody>;
