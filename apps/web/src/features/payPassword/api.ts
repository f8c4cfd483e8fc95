import type { ResetPayPasswordBody, SetPayPasswordBody } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';

export const accountApi = {
  isPayPassword: () => get('account/isPayPassword'),
  setPayPassword: (body: SetPayPasswordBody) => post('account/setPayPassword', body),
  checkPayPassword: (password: string) => post('account/checkPayPassword', { password }),
  resetPayPassword: (body: ResetPayPasswordBody) => post('account/resetPayPassword', body),
};

export const payPasswordKeys = {
  payPassword: ['account', 'isPayPassword'] as const,
};

export const payPasswordQuery = () =>
  queryOptions({ queryKey: payPasswordKeys.payPassword, queryFn: accountApi.isPayPassword });
