import type {
  ChangeMobileBody,
  LoginData,
  MobileLoginBody,
  ModifyPasswordBody,
  PasswordLoginBody,
  ProfileBody,
  RealNameBody,
  RealNameData,
  ResetPwdBody,
  SmsPurpose,
  SmsSendData,
  UserInfo,
  VerifyMobileData,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

type SelfPurpose = Extract<SmsPurpose, 'verifyMobile' | 'resetPayPwd'>;
type PhonePurpose = Exclude<SmsPurpose, SelfPurpose>;

export const userApi = {
  sendSms: (phone: string, type: PhonePurpose = 'login') =>
    post<SmsSendData>('user/sms/send', { phone, type }),
  /** Code to the logged-in user's own phone. */
  sendSelfSms: (type: SelfPurpose) => post<SmsSendData>('user/sms/sendSelf', { type }),
  mobileLogin: (body: MobileLoginBody) => post<LoginData>('user/mobileLogin', body),
  passwordLogin: (body: PasswordLoginBody) => post<LoginData>('user/login', body),
  queryUser: () => get<UserInfo>('user/queryUser'),
  /** Ends the session `token` on the server (sent explicitly: it is forgotten here first). */
  logout: (token: string) => post<null>('user/logout', undefined, { token }),
  updateProfile: (body: ProfileBody) => post<UserInfo>('user/profile', body),
  resetPwd: (body: ResetPwdBody) => post<null>('user/resetPwd', body),
  modifyPassword: (body: ModifyPasswordBody) => post<null>('user/modifyPassword', body),
  verifyMobile: (code: string) => post<VerifyMobileData>('user/verifyMobile', { code }),
  changeMobile: (body: ChangeMobileBody) => post<UserInfo | null>('user/changeMobile', body),
  realName: () => get<RealNameData>('user/RealNameAuthentication'),
  submitRealName: (body: RealNameBody) => post<RealNameData>('user/RealNameAuthentication', body),
};
