import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../platform/errors.ts';

/**
 * Anonymous long-poll keys: stateless (any node verifies them) HMAC-signed room + viewer id, so a
 * key for one room cannot be used to read another.
 */
export class LongPollKeys {
  constructor(private readonly secret: string) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret)
      .update(`live-key:${payload}`)
      .digest('base64url')
      .slice(0, 32);
  }

  issue(roomId: string): string {
    const payload = `${Buffer.from(roomId).toString('base64url')}.${randomBytes(9).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The room and viewer of a key; LIVE_KEY_INVALID when forged or malformed. */
  verify(key: string): { roomId: string; viewerId: string } {
    const parts = key.split('.');
    if (parts.length !== 3) throw new AppError('LIVE_KEY_INVALID');
    const [room, viewerId, sig] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${room}.${viewerId}`));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('LIVE_KEY_INVALID');
    }
    return { roomId: Buffer.from(room, 'base64url').toString(), viewerId };
  }
}
