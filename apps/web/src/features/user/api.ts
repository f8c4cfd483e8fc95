import type {
  ChangeMobileBody,
  MobileLoginBody,
  ModifyPasswordBody,
  PasswordLoginBody,
  ProfileBody,
  RealNameBody,
  ResetPwdBody,
  SmsPurpose,
} from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';

type SelfPurpose = Extract<SmsPurpose, 'verifyMobile' | 'resetPayPwd'>;
type PhonePurpose = Exclude<SmsPurpose, SelfPurpose>;

export const userApi = {
  sendSms: (phone: string, type: PhonePurpose = 'login') => post('user/sms/send', { phone, type }),
  /** Code to the logged-in user's own phone. */
  sendSelfSms: (type: SelfPurpose) => post('user/sms/sendSelf', { type }),
  mobileLogin: (body: MobileLoginBody) => post('user/mobileLogin', body),
  passwordLogin: (body: PasswordLoginBody) => post('user/login', body),
  queryUser: () => get('user/queryUser'),
  /** Ends the session `token` on the server (sent explicitly: it is forgotten here first). */
  logout: (token: string) => post('user/logout', undefined, { token }),
  updateProfile: (body: ProfileBody) => post('user/profile', body),
  resetPwd: (body: ResetPwdBody) => post('user/resetPwd', body),
  modifyPassword: (body: ModifyPasswordBody) => post('user/modifyPassword', body),
  verifyMobile: (code: string) => post('user/verifyMobile', { code }),
  changeMobile: (body: ChangeMobileBody) => post('user/changeMobile', body),
  realName: () => get('user/RealNameAuthentication'),
  submitRealName: (body: RealNameBody) => post('user/RealNameAuthentication', body),
};

export const userKeys = {
  realName: ['user', 'realName'] as const,
};

export const realNameQuery = () =>
  queryOptions({ queryKey: userKeys.realName, queryFn: userApi.realName });
