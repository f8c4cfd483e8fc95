import type {
  IsPayPasswordData,
  ResetPayPasswordBody,
  SetPayPasswordBody,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

export const accountApi = {
  isPayPassword: () => get<IsPayPasswordData>('account/isPayPassword'),
  setPayPassword: (body: SetPayPasswordBody) => post<null>('account/setPayPassword', body),
  checkPayPassword: (password: string) => post<null>('account/checkPayPassword', { password }),
  resetPayPassword: (body: ResetPayPasswordBody) => post<null>('account/resetPayPassword', body),
};
