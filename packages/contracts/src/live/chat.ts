import type { LiveRoomState } from './base.ts';
import type { LiveGift, LiveShelfItem } from './rooms.ts';

// The room's live-chat messages (the opaque body of a LiveMessage) ----

/**
 * The body of every message of a room's AVChatRoom channel. Viewers post `text` (and `enter` on
 * arrival); the server posts `event` (High priority) for the shelf, likes, gifts, buys, follows
 * and the room's state, and viewers update the page from them.
 */
export type LiveChatBody =
  | { kind: 'text'; text: string; nick: string; avatar: string }
  | { kind: 'enter'; nick: string }
  | { kind: 'event'; event: LiveEvent };
export type LiveEvent =
  | { type: 'shelf'; shelf: LiveShelfItem[]; pinned: LiveShelfItem | null }
  | { type: 'like'; userId: number; nickname: string; count: number; likes: number }
  | {
      type: 'gift';
      userId: number;
      nickname: string;
      avatar: string;
      gift: LiveGift;
      count: number;
    }
  | { type: 'buy'; nickname: string; title: string }
  | { type: 'follow'; nickname: string }
  | { type: 'state'; state: LiveRoomState };
