import type { SigClaims, UserSigs } from './im-sig.ts';
import type { KickRepo } from './kick.repo.ts';

/** Whether a desk credential's agent may still speak as this chat account (the access model's answer). */
export type DeskAccess = (agentId: number, userID: string) => Promise<boolean>;

interface Entry {
  notBefore: number;
  at: number;
}

/**
 * Every entry point that takes a userSig (socket connect, REST bearer, live rooms) asks here: the
 * sig must be valid (stateless check) and issued no earlier than the user's last kick. The kick
 * times are cached so a connect costs at most one query; this node's kicks update the cache at
 * once, other nodes' arrive through `learn` (the gateway relays them), and entries expire so a
 * missed relay heals by itself.
 */
export class SigGate {
  private readonly cache = new Map<string, Entry>();
  private readonly listeners = new Set<(userID: string, notBefore: number) => void>();

  constructor(
    readonly sigs: UserSigs,
    private readonly repo: KickRepo,
    private readonly options: { cacheMs: number; maxEntries: number } = {
      cacheMs: 60_000,
      maxEntries: 10_000,
    },
    /** The 客服 desk's check of a credential's agent; none: desk credentials are not checked. */
    private readonly deskAccess?: DeskAccess,
  ) {}

  /**
   * The claims of a sig that is valid for this user and not revoked by a kick; a desk
   * credential also needs its agent to hold the desk of that store now (read fresh, so a
   * removed or narrowed agent's credential is refused on every node at once).
   */
  async check(userID: unknown, userSig: unknown): Promise<SigClaims | undefined> {
    const claims = this.sigs.claims(userSig);
    if (!claims || claims.userID !== userID) return undefined;
    const notBefore = await this.notBefore(claims.userID);
    if (claims.issuedMs < notBefore) return undefined;
    if (!(await this.agentMay(claims))) return undefined;
    return claims;
  }

  /** Whether a desk credential's agent may still use it (true for any other sig). */
  async agentMay(claims: SigClaims): Promise<boolean> {
    if (claims.agentId === undefined) return true;
    return this.deskAccess ? this.deskAccess(claims.agentId, claims.userID) : false;
  }

  /** A REST bearer token (an access token is a userSig of the user it names). */
  async bearer(token: string | undefined): Promise<SigClaims | undefined> {
    const claims = this.sigs.claims(token);
    return claims ? this.check(claims.userID, token) : undefined;
  }

  /** Synchronous re-check from the cache: a kick that landed while a connect was being checked. */
  revokedSince(claims: SigClaims): boolean {
    return claims.issuedMs < (this.cache.get(claims.userID)?.notBefore ?? 0);
  }

  /** Refuses every sig of this user issued before `at` (stored, then cached here). */
  async revoke(userID: string, at: number): Promise<void> {
    await this.repo.raise(userID, at);
    this.learn(userID, at);
  }

  /**
   * Hears of every kick made here or relayed from another node, so that sessions which checked
   * their sig once at the start (live rooms) can be ended too.
   */
  onRevoke(listener: (userID: string, notBefore: number) => void): void {
    this.listeners.add(listener);
  }

  /** A kick time known from elsewhere (this node's kick, another node's relay, the database). */
  learn(userID: string, notBefore: number, fromDatabase = false) {
    const old = this.cache.get(userID);
    // Kick times only move forward: a read that started before a kick must not undo it.
    const value = Math.max(notBefore, old?.notBefore ?? 0);
    if (!fromDatabase && value > (old?.notBefore ?? 0))
      for (const listener of this.listeners) listener(userID, value);
    this.cache.delete(userID);
    this.cache.set(userID, { notBefore: value, at: Date.now() });
    if (this.cache.size > this.options.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  private async notBefore(userID: string): Promise<number> {
    const hit = this.cache.get(userID);
    if (hit && Date.now() - hit.at < this.options.cacheMs) return hit.notBefore;
    this.learn(userID, await this.repo.notBefore(userID), true);
    return this.cache.get(userID)?.notBefore ?? 0;
  }
}
