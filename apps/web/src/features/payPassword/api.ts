import type { ResetPayPasswordBody, SetPayPasswordBody } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';
import { payPasswordKey } from '../../ui/payPassword/payPasswordQuery.ts';

export const accountApi = {
  isPayPassword: () => get('account/isPayPassword'),
  setPayPassword: (body: SetPayPasswordBody) => post('account/setPayPassword', body),
  checkPayPassword: (password: string) => post('account/checkPayPassword', { password }),
  resetPayPassword: (body: ResetPayPasswordBody) => post('account/resetPayPassword', body),
  /** The reset's code, to the logged-in user's own phone. */
  sendSelfSms: () => post('user/sms/sendSelf', { type: 'resetPayPwd' }),
};

export const payPasswordKeys = {
  payPassword: payPasswordKey,
};

export { payPasswordQuery } from '../../ui/payPassword/payPasswordQuery.ts';
