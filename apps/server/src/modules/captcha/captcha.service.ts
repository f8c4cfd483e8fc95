import { createHash } from 'node:crypto';
import type { CaptchaChallengeData } from '@chaopin/contracts';
import { createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AppError } from '../../platform/errors.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';

export interface CaptchaOptions {
  /** The work: the solver tries counters up to a random one in [max/2, max]. */
  counterMax: number;
  /** How long a challenge may be solved and spent. */
  ttlSeconds: number;
}

/** SHA-256 (a PBKDF2 challenge took 5-18 s to solve on this machine: unusable on phones). */
const ALGORITHM = 'SHA-256';

/**
 * The self-hosted proof-of-work captcha (ALTCHA PoW v2, altcha-lib): a challenge is signed
 * with the app secret and carries whom and what it is for (`data.u`, `data.a`); in deterministic
 * mode (a secret counter) the work is exact, and checking a solution costs one HMAC (the
 * challenge's signature) and one SHA-256 (the key at the solution's counter), not the work.
 * A solution is spent once: its signature is claimed in the replay store (Redis SET NX on the
 * cluster, memory embedded) until the challenge expires, on every node.
 */
export class CaptchaService {
  private readonly keySecret: string;

  constructor(
    private readonly secret: string,
    private readonly replay: RateLimitStore,
    private readonly opts: CaptchaOptions,
  ) {
    this.keySecret = createHash('sha256').update(`captcha-key:${secret}`).digest('hex');
  }

  async challenge(userId: number, action: string): Promise<CaptchaChallengeData> {
    const max = Math.max(2, this.opts.counterMax);
    const c = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(max, Math.floor(max / 2)),
      deriveKey,
      data: { u: userId, a: action },
      expiresAt: new Date(Date.now() + this.opts.ttlSeconds * 1000),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return { parameters: { ...c.parameters }, signature: c.signature };
  }

  /** Checks a ticket (the widget's base64 payload) for this user and action, and spends it. */
  async spend(ticket: string | undefined, userId: number, action: string): Promise<void> {
    if (!ticket) throw new AppError('CAPTCHA_REQUIRED');
    const payload = parseTicket(ticket);
    if (!payload) throw new AppError('CAPTCHA_INVALID');
    const data = payload.challenge.parameters.data;
    if (data?.u !== userId || data?.a !== action) throw new AppError('CAPTCHA_INVALID');
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.secret,
        // No key secret here: the key is derived again (one SHA-256 at cost 1), cheaper than
        // checking its signature by a second WebCrypto HMAC (measured: docs/BENCHMARKS.md).
      });
    } catch {
      throw new AppError('CAPTCHA_INVALID');
    }
    if (result.expired) throw new AppError('CAPTCHA_EXPIRED');
    if (!result.verified) throw new AppError('CAPTCHA_INVALID');
    const expiresAt = Number(payload.challenge.parameters.expiresAt ?? 0) * 1000;
    const ttl = Math.max(1000, expiresAt - Date.now() + 1000);
    const claimed = await this.replay.acquire(`captcha:${payload.challenge.signature}`, ttl);
    if (!claimed.ok) throw new AppError('CAPTCHA_USED');
  }
}

/** The widget's payload: base64 of JSON { challenge: { parameters, signature }, solution }. */
function parseTicket(ticket: string): Payload | null {
  if (ticket.length > 4096) return null;
  try {
    const p: unknown = JSON.parse(Buffer.from(ticket, 'base64').toString('utf8'));
    if (!p || typeof p !== 'object') return null;
    const { challenge, solution } = p as Partial<Payload>;
    if (
      !challenge ||
      typeof challenge !== 'object' ||
      typeof challenge.signature !== 'string' ||
      !challenge.parameters ||
      typeof challenge.parameters !== 'object' ||
      !solution ||
      typeof solution !== 'object' ||
      !Number.isSafeInteger(solution.counter) ||
      typeof solution.derivedKey !== 'string'
    ) {
      return null;
    }
    return p as Payload;
  } catch {
    return null;
  }
}
