import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { RateLimitStore } from '../../../platform/rate-limit.ts';
import type { Recording, StreamGate } from '../media/media-port.ts';
import type { LiveRepos } from '../repo-base.ts';
import type { LiveRoomService } from '../rooms/live-room.service.ts';
import type { RoomChannel } from '../rooms/room-channel.ts';
import { roomOfStream, type StreamSigner } from './stream-sign.ts';

/**
 * The live module's answer to the media engine. A publish is allowed only with a valid, unexpired
 * signature issued to the room's host, spent once (its nonce), for a room that is 预告 or already
 * live with no other publisher; the first publish turns the room live and tells its subscribers
 * and the host's followers (in the same commit, once per room). The stream's end ends the room.
 */
export class LiveStreamGate implements StreamGate {
  constructor(
    private readonly repos: LiveRepos,
    private readonly rooms: LiveRoomService,
    private readonly channel: RoomChannel,
    private readonly signer: StreamSigner,
    private readonly rateLimit: RateLimitStore,
    private readonly events: DomainEvents,
    private readonly log: FastifyBaseLogger,
    private readonly isPublishing: (name: string) => boolean,
  ) {}

  async publish(name: string, args: Record<string, string>, addr: string) {
    const roomId = roomOfStream(name);
    const grant = roomId === null ? null : this.signer.verify(name, args);
    if (roomId === null || !grant) {
      this.log.warn({ name, addr }, 'live publish refused: bad or expired signature');
      return null;
    }
    const room = await this.repos.rooms.room(roomId);
    if (
      !room ||
      room.host_id !== grant.hostId ||
      (room.state !== 'notice' && room.state !== 'live')
    ) {
      this.log.warn({ name, addr, state: room?.state }, 'live publish refused: room');
      return null;
    }
    const host = await this.repos.hosts.host(grant.hostId);
    if (host?.status !== 'approved') return null;
    // A signature is spent by its first publish: a copied URL cannot take over a live room.
    const ttl = Math.max(1000, grant.exp * 1000 - Date.now());
    const spent = await this.rateLimit.acquire(`live:push:${grant.nonce}`, ttl);
    if (!spent.ok) {
      this.log.warn({ name, addr }, 'live publish refused: signature reused');
      return null;
    }
    if (room.state === 'live' && this.isPublishing(name)) return null;
    const started = await this.repos.rooms.transaction(async (trx) => {
      if (!(await this.repos.rooms.goLive(narrowDb(trx), roomId))) return false;
      const audience = await this.repos.audience.audienceOf(narrowDb(trx), roomId, room.host_id);
      for (const userId of audience) {
        await this.events.emit(trx, {
          type: 'live.started',
          userId,
          roomId,
          title: room.title,
          hostName: room.host_nickname,
        });
      }
      return true;
    });
    const fresh = await this.repos.rooms.room(roomId);
    if (fresh?.state !== 'live') return null;
    if (started) await this.channel.emit(roomId, room.host_id, { type: 'state', state: 'live' });
    return { roomId, sessionId: roomId };
  }

  async publishDone(name: string, recording: Recording | null): Promise<void> {
    const roomId = roomOfStream(name);
    if (roomId === null) return;
    const room = await this.repos.rooms.room(roomId);
    if (!room) return;
    if (recording) {
      await this.repos.rooms.setRecording(
        roomId,
        recording.file,
        recording.format,
        recording.durationMs,
      );
    }
    if (room.state === 'live') await this.rooms.close(room, 'ended');
  }
}
