import type {
  ChangeMobileBody,
  ModifyPasswordBody,
  RealNameBody,
  SmsPurpose,
} from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';

type SelfPurpose = Extract<SmsPurpose, 'verifyMobile' | 'resetPayPwd'>;
type PhonePurpose = Exclude<SmsPurpose, SelfPurpose>;

/** The account settings: phone, password, real name. */
export const settingsApi = {
  sendSms: (phone: string, type: PhonePurpose) => post('user/sms/send', { phone, type }),
  /** Code to the logged-in user's own phone. */
  sendSelfSms: (type: SelfPurpose) => post('user/sms/sendSelf', { type }),
  modifyPassword: (body: ModifyPasswordBody) => post('user/modifyPassword', body),
  verifyMobile: (code: string) => post('user/verifyMobile', { code }),
  changeMobile: (body: ChangeMobileBody) => post('user/changeMobile', body),
  realName: () => get('user/RealNameAuthentication'),
  submitRealName: (body: RealNameBody) => post('user/RealNameAuthentication', body),
};

export const settingsKeys = {
  realName: ['user', 'realName'] as const,
};

export const realNameQuery = () =>
  queryOptions({ queryKey: settingsKeys.realName, queryFn: settingsApi.realName });
