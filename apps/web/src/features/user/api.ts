import type { ProfileBody } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export const userApi = {
  queryUser: () => get('user/queryUser'),
  /** Ends the session `token` on the server (sent explicitly: it is forgotten here first). */
  logout: (token: string) => post('user/logout', undefined, { token }),
  updateProfile: (body: ProfileBody) => post('user/profile', body),
};
