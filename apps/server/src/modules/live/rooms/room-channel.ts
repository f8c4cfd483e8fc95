import type { LiveChatBody, LiveEvent } from '@chaopin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { GroupService, LiveRooms } from '../../im/index.ts';

/** The AVChatRoom group id of a live room. */
export function chatRoomOf(roomId: number): string {
  return `live_${roomId}`;
}

/**
 * A live room's chat channel, as the live module uses it: the room's AVChatRoom group (made with
 * the room, owned by the host) and the server's custom messages on it. Events are High priority,
 * so they pass viewers' chat when the room's message budget is full.
 */
export class RoomChannel {
  constructor(
    private readonly rooms: LiveRooms,
    private readonly groups: GroupService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async open(roomId: number, hostId: number, title: string): Promise<void> {
    const groupID = chatRoomOf(roomId);
    try {
      await this.groups.create(
        { userID: String(hostId), socketId: '' },
        { type: 'AVChatRoom', name: title.slice(0, 30), groupID },
      );
    } catch (err) {
      // Made before (a retry, or a restart in between): the room is there.
      if ((err as { id?: string }).id !== 'IM_GROUP_EXISTS') throw err;
    }
  }

  /** Posts an event; a chat hiccup never fails the change it reports (it is logged). */
  async emit(roomId: number, from: number, event: LiveEvent): Promise<void> {
    const body: LiveChatBody = { kind: 'event', event };
    try {
      await this.rooms.post(chatRoomOf(roomId), { from: String(from), body, priority: 'High' });
    } catch (err) {
      this.log.warn({ err, roomId, type: event.type }, 'live room event not posted');
    }
  }

  async online(roomId: number): Promise<number> {
    try {
      const o = await this.rooms.onlineCount(chatRoomOf(roomId));
      return o.onlineMemberNum;
    } catch {
      return 0;
    }
  }
}
