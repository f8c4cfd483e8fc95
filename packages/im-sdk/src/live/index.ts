/** Live chat room (AVChatRoom) clients: plain-ws viewer/poster and anonymous long-poll viewer. */
export {
  type LiveClientOptions,
  LiveError,
  LiveRoomClient,
  type LiveSocket,
  type LiveSocketFactory,
} from './live-client.ts';
export {
  LiveLongPollClient,
  LONG_POLL_SILENCE_MS,
  type LongPollOptions,
} from './long-poll-client.ts';
export { SeqTracker } from './seq-tracker.ts';
