import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { BusCache } from '../../platform/bus-cache.ts';
import { newToken, sha256Hex } from '../../platform/crypto.ts';
import type { UserRepo } from './user.repo.ts';

type LiveSession = Awaited<ReturnType<UserRepo['findLiveSessions']>>[number];

/** How often a used session's expiry slides forward; avoids a write on every request. */
const TOUCH_EVERY_MS = 3600_000;

/**
 * Opaque session tokens: the client holds the token, the database only its SHA-256.
 * Validated sessions are cached briefly per node; logout and password changes evict them everywhere.
 */
export class SessionService {
  /** token → SHA-256, memoised: hashing is a pure function and the hottest step of every call. */
  private readonly hashes = new LRUCache<string, string>({ max: 50_000 });

  /**
   * Sessions not in the cache are read together: the lookups of one event-loop turn share one
   * query (a burst of new visitors costs a query per turn, not one each). No memo: the
   * BusCache above is the cache, with its TTL and evictions.
   */
  private readonly sessions: DataLoader<string, LiveSession | undefined>;

  private constructor(
    private readonly deps: Deps,
    private readonly repo: UserRepo,
    private readonly cache: BusCache<AuthUser>,
  ) {
    this.sessions = new DataLoader(
      async (hashes) => {
        const rows = await this.repo.findLiveSessions(hashes);
        const byHash = new Map(rows.map((r) => [r.token_hash, r]));
        return hashes.map((h) => byHash.get(h));
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  static async create(deps: Deps, repo: UserRepo) {
    const cache = await BusCache.create<AuthUser>(deps.bus, 'auth.session.evict', {
      max: 50_000,
      ttlMs: deps.config.AUTH_CACHE_MS,
    });
    return new SessionService(deps, repo, cache);
  }

  private ttlMs() {
    return this.deps.config.SESSION_TTL_DAYS * 86400_000;
  }

  async open(userId: number, userAgent: string | undefined): Promise<string> {
    const token = newToken();
    await this.repo.createSession({
      token_hash: sha256Hex(token),
      user_id: userId,
      expires_at: new Date(Date.now() + this.ttlMs()),
      user_agent: userAgent ? userAgent.slice(0, 256) : null,
    });
    return token;
  }

  private hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (!hash) {
      hash = sha256Hex(token);
      this.hashes.set(token, hash);
    }
    return hash;
  }

  /** The user behind a token, or null when it is unknown, expired or the account is disabled. */
  resolve = async (token: string): Promise<AuthUser | null> => {
    if (token.length > 128) return null;
    const hash = this.hashOf(token);
    return this.cache.get(hash, async () => {
      const row = await this.sessions.load(hash);
      if (row?.status !== 1) return null;
      if (Date.now() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
        await this.repo.touchSession(hash, new Date(Date.now() + this.ttlMs()));
      }
      return { id: row.user_id, role: row.role, tokenHash: hash };
    });
  };

  async close(tokenHash: string): Promise<void> {
    await this.repo.deleteSession(tokenHash);
    await this.cache.invalidate(tokenHash);
  }

  /** Ends every session of a user except `keep` (the one making the change, if any). */
  async closeAllOf(userId: number, keep?: string): Promise<void> {
    const hashes = await this.repo.deleteSessionsOf(userId, keep);
    for (const hash of hashes) await this.cache.invalidate(hash);
  }
}
