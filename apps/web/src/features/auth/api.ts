import type {
  MobileLoginBody,
  PasswordLoginBody,
  ResetPwdBody,
  SmsPurpose,
} from '@chaopin/contracts';
import { post } from '../../core/api/client.ts';

type PhonePurpose = Exclude<SmsPurpose, 'verifyMobile' | 'resetPayPwd'>;

/** Logging in and resetting the password (the session itself is core/session.ts). */
export const authApi = {
  sendSms: (phone: string, type: PhonePurpose = 'login') => post('user/sms/send', { phone, type }),
  mobileLogin: (body: MobileLoginBody) => post('user/mobileLogin', body),
  passwordLogin: (body: PasswordLoginBody) => post('user/login', body),
  resetPwd: (body: ResetPwdBody) => post('user/resetPwd', body),
};
