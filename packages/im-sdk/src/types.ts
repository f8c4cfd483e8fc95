import type {
  ImConversation,
  ImFriendApplication,
  ImGroupProfile,
  ImMessage,
  ImProfile,
  KickedOutType,
} from '@chaopin/contracts';
import type { VideoFrame } from './video-thumb.ts';

export type { ImConversation, ImGroupMember, ImGroupProfile, ImProfile } from '@chaopin/contracts';

/** A message as the SDK holds it (TIM's Message). */
export interface Message extends ImMessage {
  timeMs: number;
  flow: 'in' | 'out';
  status: 'unsent' | 'success' | 'fail';
  isRead: boolean;
  isPeerRead: boolean;
  /** Only on a message made by create*Message that still needs its file uploaded. */
  _file?: {
    kind: 'image' | 'audio' | 'video' | 'file';
    blob: Blob;
    name: string;
    second?: number;
    /** Video: a frame being grabbed in the browser, uploaded as its thumbnail. */
    thumb?: Promise<VideoFrame | undefined>;
  };
  /** While its file uploads: the share sent so far, 0-1. */
  progress?: number;
  /** Called as the file uploads (TIM's onProgress option of create*Message). */
  _onProgress?: (percent: number) => void;
}

export type Conversation = ImConversation;
export type GroupProfile = ImGroupProfile;
export type Profile = ImProfile;
export type FriendApplication = ImFriendApplication;

export interface TimEvent<T = unknown> {
  name: string;
  data: T;
}

export type Listener<T = unknown> = (event: TimEvent<T>) => void;

/** `event.data` of KICKED_OUT: why this session was closed (TIM.TYPES.KICKED_OUT_*). */
export interface KickedOutData {
  type: KickedOutType;
}

/** Every successful call resolves with this (TIM's shape). */
export interface TimResponse<T> {
  code: 0;
  data: T;
}

export interface CreateOptions {
  SDKAppID: number;
  /** Base URL of the server (default: the page's origin). */
  server?: string;
  /** Transports in order of preference (default WebSocket, then HTTP long-polling). */
  transports?: Array<'websocket' | 'polling'>;
}
