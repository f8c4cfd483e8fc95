/** TIM-style client for the self-hosted messaging service. */
export { EVENT, TYPES } from './constants.ts';
export type { PagingState } from './conversation-paging.ts';
export { TimError } from './errors.ts';
export { TIM, TIM as TencentCloudChat } from './tim.ts';
export type {
  Conversation,
  CreateOptions,
  FriendApplication,
  GroupProfile,
  KickedOutData,
  Listener,
  Message,
  Profile,
  TimEvent,
  TimResponse,
} from './types.ts';

import { TIM } from './tim.ts';
export default TIM;
