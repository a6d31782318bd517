import type { JwtClaims } from './jwt-options.js';

/** The default size: enough for the active users of one instance, a few MB at most. */
export const DEFAULT_VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface Entry {
  readonly claims: JwtClaims;
  /** `exp` and `nbf` in seconds, `Infinity` / `-Infinity` when absent. */
  readonly exp: number;
  readonly nbf: number;
}

/**
 * The tokens `JwtService` verified, keyed by the exact token text, so a token seen again skips the
 * signature check. `exp` and `nbf` are checked again at every use, as jose checks them (`exp` must
 * be after now, `nbf` not after now, both within the clock tolerance), so a cached token expires
 * on time. Bounded: when full, the entry stored first gives way. Only valid tokens are stored (a
 * forged one never is), and the claims are frozen, as every caller shares them.
 *
 * @example
 * const cache = new VerifiedTokenCache(10_000, 0);
 * cache.get(token, nowSeconds) ?? cache.set(token, await verifyWithJose(token));
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries: number,
    /** Seconds of clock skew tolerated, as given to jose. */
    private readonly tolerance: number,
  ) {}

  /** The claims of a token verified before and still within `nbf`..`exp`; undefined otherwise. */
  get(token: string, now: number): JwtClaims | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.exp <= now - this.tolerance) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.nbf > now + this.tolerance ? undefined : entry.claims;
  }

  /** Remembers a token jose has just verified; returns its claims, frozen. */
  set(token: string, claims: JwtClaims): JwtClaims {
    const frozen = deepFreeze(claims);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const exp = typeof claims.exp === 'number' ? claims.exp : Infinity;
    const nbf = typeof claims.nbf === 'number' ? claims.nbf : -Infinity;
    this.entries.set(token, { claims: frozen, exp, nbf });
    return frozen;
  }

  /** Forgets every token (the keys changed). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
