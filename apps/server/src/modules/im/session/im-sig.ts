import { createHmac, timingSafeEqual } from 'node:crypto';
import { IM } from '@chaopin/contracts';

/** The SDKAppID of this self-hosted service (there is one application). */
export const SDK_APP_ID = 1400000001;

/** What a valid userSig says: whose it is, when it was issued and when it expires (epoch ms). */
export interface SigClaims {
  userID: string;
  issuedMs: number;
  expireMs: number;
  /**
   * A 客服 desk credential's agent (the console user it was issued to, speaking as a store's
   * account): it holds only while that user may still answer the store (see SigGate).
   */
  agentId?: number;
}

/**
 * userSig: `base64url({u, e, i}).hmac` — an expiring credential bound to one IM user id, signed with
 * the app secret (shared by every node through the database), so any node verifies it statelessly.
 * `i` (issue time, ms) lets a kick refuse every credential issued before it (see sig-gate.ts).
 */
export class UserSigs {
  constructor(
    private readonly secret: string,
    /** Lifetime of issued sigs; tests shorten it to see a session kicked on expiry. */
    readonly ttlSeconds: number = IM.SIG_TTL_SECONDS,
  ) {}

  private mac(body: string) {
    return createHmac('sha256', `im-sig:${this.secret}`).update(body).digest('base64url');
  }

  issue(
    userID: string,
    now = Date.now(),
    ttlSeconds = this.ttlSeconds,
    agentId?: number,
  ): { userSig: string; expireAt: number } {
    const expireAt = Math.floor(now / 1000) + ttlSeconds;
    const claims = { u: userID, e: expireAt, i: now, ...(agentId ? { a: agentId } : {}) };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { userSig: `${body}.${this.mac(body)}`, expireAt };
  }

  /** The claims of a sig signed by this server and not expired; undefined otherwise. */
  claims(userSig: unknown, now = Date.now()): SigClaims | undefined {
    if (typeof userSig !== 'string' || userSig.length > 512) return undefined;
    const [body, mac, extra] = userSig.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        u?: unknown;
        e?: unknown;
        i?: unknown;
        a?: unknown;
      };
      if (typeof c.u !== 'string' || typeof c.e !== 'number' || c.e * 1000 <= now) return undefined;
      // A sig from before issue times were recorded counts as issued at the epoch: any kick of
      // its user refuses it.
      const issuedMs = typeof c.i === 'number' ? c.i : 0;
      const agentId =
        Number.isSafeInteger(c.a) && (c.a as number) > 0 ? (c.a as number) : undefined;
      return { userID: c.u, issuedMs, expireMs: c.e * 1000, ...(agentId ? { agentId } : {}) };
    } catch {
      return undefined;
    }
  }

  /** The user a bearer token (an access token is a userSig) was issued to, when still valid. */
  userOf(token: string | undefined): string | undefined {
    return this.claims(token)?.userID;
  }

  /** True when the signature is this server's, names this user and has not expired. */
  verify(userID: unknown, userSig: unknown, now = Date.now()): boolean {
    return typeof userID === 'string' && this.claims(userSig, now)?.userID === userID;
  }
}
