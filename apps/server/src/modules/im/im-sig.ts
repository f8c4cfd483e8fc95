import { createHmac, timingSafeEqual } from 'node:crypto';
import { IM } from '@chaopin/contracts';

/** The SDKAppID of this self-hosted service (there is one application). */
export const SDK_APP_ID = 1400000001;

/**
 * userSig: `base64url({u, e}).hmac` — an expiring credential bound to one IM user id, signed with
 * the app secret (shared by every node through the database), so any node verifies it statelessly.
 */
export class UserSigs {
  constructor(private readonly secret: string) {}

  private mac(body: string) {
    return createHmac('sha256', `im-sig:${this.secret}`).update(body).digest('base64url');
  }

  issue(userID: string, now = Date.now()): { userSig: string; expireAt: number } {
    const expireAt = Math.floor(now / 1000) + IM.SIG_TTL_SECONDS;
    const body = Buffer.from(JSON.stringify({ u: userID, e: expireAt })).toString('base64url');
    return { userSig: `${body}.${this.mac(body)}`, expireAt };
  }

  /** The user a bearer token (an access token is a userSig) was issued to, when still valid. */
  userOf(token: string | undefined): string | undefined {
    const body = token?.split('.')[0];
    if (!body) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown };
      return typeof claims.u === 'string' && this.verify(claims.u, token) ? claims.u : undefined;
    } catch {
      return undefined;
    }
  }

  /** True when the signature is this server's, names this user and has not expired. */
  verify(userID: unknown, userSig: unknown, now = Date.now()): boolean {
    if (typeof userID !== 'string' || typeof userSig !== 'string' || userSig.length > 512)
      return false;
    const [body, mac] = userSig.split('.');
    if (!body || !mac) return false;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        u?: unknown;
        e?: unknown;
      };
      return claims.u === userID && typeof claims.e === 'number' && claims.e * 1000 > now;
    } catch {
      return false;
    }
  }
}
