import type { UserSigData } from '@chaopin/contracts';
import { get } from './client.ts';

export const imApi = {
  /** The IM credential of the signed-in user (their IM user id is their app user id). */
  userSig: () => get<UserSigData>('user/getUserSig'),
};
