import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../../platform/crypto.ts';

/** A room's stream name: what follows the RTMP app in the push and play paths. */
export function streamName(roomId: number): string {
  return `r${roomId}`;
}

/** The room of a stream name, or null for a name that is not ours. */
export function roomOfStream(name: string): number | null {
  const m = /^r([1-9]\d{0,9})$/.exec(name);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

export interface PushGrant {
  /** The query a push URL carries: exp (unix seconds), nonce, sign. */
  query: string;
  expiresAt: Date;
  nonce: string;
}

/**
 * Signed, expiring push URLs. The signature binds the stream, the host and the expiry with the
 * app secret; the nonce lets a publish spend it once (the caller claims it), so a leaked URL
 * cannot be replayed after the host's stream ended.
 */
export class StreamSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlMinutes: number,
  ) {}

  private mac(name: string, hostId: number, exp: number, nonce: string): string {
    return hmacHex(this.secret, `live-push:${name}:${hostId}:${exp}:${nonce}`).slice(0, 32);
  }

  grant(roomId: number, hostId: number, now = Date.now()): PushGrant {
    const exp = Math.floor(now / 1000) + this.ttlMinutes * 60;
    const nonce = randomBytes(8).toString('hex');
    const sign = this.mac(streamName(roomId), hostId, exp, nonce);
    return {
      query: `exp=${exp}&host=${hostId}&nonce=${nonce}&sign=${sign}`,
      expiresAt: new Date(exp * 1000),
      nonce,
    };
  }

  /**
   * Checks a publish's query args; answers the host id and nonce, or null when unsigned, forged
   * or expired.
   */
  verify(
    name: string,
    args: Record<string, string>,
    now = Date.now(),
  ): { hostId: number; nonce: string; exp: number } | null {
    const { exp, host, nonce, sign } = args;
    if (!exp || !host || !nonce || !sign) return null;
    if (!/^\d{1,12}$/.test(exp) || !/^\d{1,10}$/.test(host) || !/^[0-9a-f]{16}$/.test(nonce)) {
      return null;
    }
    const expiry = Number(exp);
    if (expiry * 1000 <= now) return null;
    const want = Buffer.from(this.mac(name, Number(host), expiry, nonce));
    const got = Buffer.from(sign);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return { hostId: Number(host), nonce, exp: expiry };
  }
}
