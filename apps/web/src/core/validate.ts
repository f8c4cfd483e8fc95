import {
  NICKNAME_MAX,
  PASSWORD_PATTERN,
  PAY_PASSWORD_PATTERN,
  PHONE_REGEX,
  SMS_CODE_PATTERN,
} from '@chaopin/contracts';

const PASSWORD_REGEX = new RegExp(PASSWORD_PATTERN);
const PAY_PASSWORD_REGEX = new RegExp(PAY_PASSWORD_PATTERN);
const SMS_CODE_REGEX = new RegExp(SMS_CODE_PATTERN);

/** Each validator answers null when fine, else the message to show (same wording as the server). */
export type Check = string | null;

export function checkPhone(phone: string): Check {
  if (!phone) return '请输入手机号';
  return PHONE_REGEX.test(phone) ? null : '请输入正确的手机号';
}

export function checkSmsCode(code: string): Check {
  if (!code) return '请输入验证码';
  return SMS_CODE_REGEX.test(code) ? null : '请输入6位数字验证码';
}

export function checkPassword(password: string): Check {
  if (!password) return '请输入密码';
  return PASSWORD_REGEX.test(password) ? null : '密码须为8-20位，且同时包含字母和数字';
}

export function checkPayPassword(password: string): Check {
  return PAY_PASSWORD_REGEX.test(password) ? null : '支付密码须为6位数字';
}

export function checkNickname(nickname: string): Check {
  const length = [...nickname.trim()].length;
  if (length === 0) return '请输入昵称';
  return length <= NICKNAME_MAX ? null : `昵称须为1-${NICKNAME_MAX}个字符`;
}

export function checkRealName(name: string): Check {
  const trimmed = name.trim();
  if (!trimmed) return '请输入真实姓名';
  return /^[\u4e00-\u9fa5·]{2,30}$|^[A-Za-z][A-Za-z .]{1,29}$/.test(trimmed)
    ? null
    : '请输入正确的真实姓名';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643-1999: 17 digits, a valid birth date, and the ISO 7064 MOD 11-2 check character. */
export function isValidIdCard(id: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(id)) return false;
  const birth = id.slice(6, 14);
  const year = Number(birth.slice(0, 4));
  const month = Number(birth.slice(4, 6));
  const day = Number(birth.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getTime() > Date.now()
  ) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] === id[17]?.toUpperCase();
}

export function checkIdCard(id: string): Check {
  if (!id) return '请输入身份证号码';
  return isValidIdCard(id.trim()) ? null : '请输入正确的18位身份证号码';
}
